/**
 * The invoices module: invoices, credit notes and monthly statements (the `invoices` and
 * `invoice_sequences` tables; docs/decisions/029-invoice-numbering-and-tax.md). It offers the
 * other modules nothing: the composition root builds its service and subscribes its issuing to
 * the payments' events, and the mail module's receipt carries the invoice through the template
 * the service registers (`paymentReceiptWith`).
 */
export {};
