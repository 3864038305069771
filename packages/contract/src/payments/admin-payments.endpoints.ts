import { binaryResponseSchema, defineEndpoints, idParams } from '../common/endpoint';
import {
  adminPaymentListResponseSchema,
  adminPaymentsExportQuerySchema,
  adminPaymentsQuerySchema,
  refundRequestSchema,
  refundResponseSchema,
} from './admin-payments.schemas';

const FILTER =
  "`search` matches part of the customer's name or e-mail, the advertiser account's name, the campaign's name or the transaction id, ignoring case; `from` and `to` (YYYY-MM-DD, UTC days, either or both) keep the payments made on those days and between.";

/** The administrators' payments page and refunds (docs/product/payments.md). Administrators only. */
export const adminPaymentEndpoints = defineEndpoints({
  listAdminPayments: {
    method: 'GET',
    path: '/admin/payments',
    access: 'admin',
    tag: 'payments',
    summary: 'Every payment, newest first',
    description: `${FILTER} Each payment carries what was refunded of it and what is left to refund.`,
    query: adminPaymentsQuerySchema,
    response: adminPaymentListResponseSchema,
    errors: [401, 403, 422],
  },
  exportAdminPayments: {
    method: 'GET',
    path: '/admin/payments/export',
    access: 'admin',
    tag: 'payments',
    summary: 'Every payment matching the filter, as a CSV file',
    description: `${FILTER} Every page, as a CSV file (text/csv, UTF-8, a header row), newest first; rows are streamed as they are read, and values starting with =, +, - or @ carry a leading apostrophe.`,
    query: adminPaymentsExportQuerySchema,
    response: binaryResponseSchema,
    errors: [401, 403, 422],
  },
  refundPayment: {
    method: 'POST',
    path: '/admin/payments/:id/refunds',
    access: 'admin',
    tag: 'payments',
    summary: 'Refund a payment in full or in part, with a reason',
    description:
      'The amount is more than 0 and at most what is left to refund (422 otherwise, also when refunds asked for at the same moment leave less). The money goes back through the payment provider that took it (409 when the portal now runs on another one): 502 when it refuses (nothing is refunded), 503 when it does not answer (the refund stays pending and is completed automatically). The customer is told in the portal and by e-mail.',
    params: idParams('The payment id, a whole number'),
    body: refundRequestSchema,
    response: refundResponseSchema,
    errors: [401, 403, 404, 409, 422, 502, 503],
  },
});
