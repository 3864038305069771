import { pagePath } from '../common/page-paths';

/** The printable pages of invoices and statements (docs/product/payments.md, Invoices and Statements). */
export const INVOICE_PAGES = {
  /** An invoice or a credit note. */
  invoice: pagePath('/invoices/:id', 'id'),
  /** The account's statement of a month, 'YYYY-MM'. */
  statement: pagePath('/statements/:month', 'month'),
} as const;

/** `/invoices/<id>`: a document's page in the portal. */
export const invoicePath = (invoiceId: number) => INVOICE_PAGES.invoice.to(invoiceId);
