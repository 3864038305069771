import { centsToDollars, type Invoice, type PaymentDocument } from '@portal/contract';
import type { InvoiceRow } from '../../db/schema';
import { receiptNumber } from '../payments';

/** A document as its page, its PDF and the e-mail show it; `credited` is the invoice a credit note corrects. */
export function toInvoice(row: InvoiceRow, credited: InvoiceRow | undefined): Invoice {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issued_at: row.issuedAt.toISOString(),
    payment_id: row.paymentId,
    receipt_number: receiptNumber(row.paymentId),
    credits: credited ? { id: credited.id, number: credited.number } : null,
    reason: row.reason,
    seller: row.seller,
    billing: { ...row.billing, tax_id: row.billing.tax_id ?? null },
    lines: row.lines.map((line) => ({
      description: line.description,
      period: line.period,
      amount: centsToDollars(line.amount_cents),
    })),
    subtotal: centsToDollars(row.subtotalCents),
    tax: centsToDollars(row.taxCents),
    total: centsToDollars(row.totalCents),
    tax_rate: Number(row.taxRate),
    tax_mode: row.taxMode,
  };
}

/** A document of a payment, as Payment activity and the receipt link to it. */
export const toPaymentDocument = (row: InvoiceRow): PaymentDocument => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  payment_id: row.paymentId,
  issued_at: row.issuedAt.toISOString(),
  total: centsToDollars(row.totalCents),
});
