import { binaryResponseSchema, defineEndpoints, idParams } from '../common/endpoint';
import {
  invoiceResponseSchema,
  paymentDocumentListResponseSchema,
  paymentDocumentsQuerySchema,
} from './invoices.schemas';
import { statementMonthParams, statementResponseSchema } from './statements.schemas';

const whoSees = "For the account's members who manage billing, and administrators; anyone else gets 404.";
const monthRule =
  'The month is a calendar month of the account’s time zone; one written otherwise, or one that has not begun, answers 422.';

/** Invoices, credit notes and monthly statements (docs/product/payments.md, Invoices and Statements). */
export const invoiceEndpoints = defineEndpoints({
  getInvoice: {
    method: 'GET',
    path: '/invoices/:id',
    access: 'user',
    permission: 'billing.manage',
    tag: 'invoices',
    summary: 'An invoice or a credit note',
    description: whoSees,
    params: idParams('The invoice id, a whole number'),
    response: invoiceResponseSchema,
    errors: [401, 404],
  },
  getInvoicePdf: {
    method: 'GET',
    path: '/invoices/:id/pdf',
    access: 'user',
    permission: 'billing.manage',
    tag: 'invoices',
    summary: 'An invoice or a credit note as a PDF file',
    description: `The same document as \`GET /invoices/{id}\`, as application/pdf. ${whoSees}`,
    params: idParams('The invoice id, a whole number'),
    response: binaryResponseSchema,
    errors: [401, 404],
  },
  listPaymentDocuments: {
    method: 'GET',
    path: '/payment-documents',
    access: 'user',
    permission: 'billing.manage',
    apiToken: 'read',
    tag: 'invoices',
    summary: 'The invoices and credit notes of some payments',
    description:
      "Of the payments named that the caller may see (their account's, or any for administrators); others are left out.",
    query: paymentDocumentsQuerySchema,
    response: paymentDocumentListResponseSchema,
    errors: [401, 403, 422],
  },
  getStatement: {
    method: 'GET',
    path: '/statements/:month',
    access: 'customer',
    permission: 'billing.manage',
    tag: 'invoices',
    summary: "The account's statement of a month",
    description: `Its invoices, payments, credit notes and refunds, with the balance before and after. ${monthRule}`,
    params: statementMonthParams,
    response: statementResponseSchema,
    errors: [401, 403, 422],
  },
  getStatementPdf: {
    method: 'GET',
    path: '/statements/:month/pdf',
    access: 'customer',
    permission: 'billing.manage',
    tag: 'invoices',
    summary: "The account's statement of a month as a PDF file",
    description: `The same statement as \`GET /statements/{month}\`, as application/pdf. ${monthRule}`,
    params: statementMonthParams,
    response: binaryResponseSchema,
    errors: [401, 403, 422],
  },
  getStatementCsv: {
    method: 'GET',
    path: '/statements/:month/csv',
    access: 'customer',
    permission: 'billing.manage',
    tag: 'invoices',
    summary: "The account's statement of a month as a CSV file",
    description: `The same statement as \`GET /statements/{month}\`, as text/csv (UTF-8, a header row; the opening and closing balances as the first and last rows). ${monthRule}`,
    params: statementMonthParams,
    response: binaryResponseSchema,
    errors: [401, 403, 422],
  },
});
