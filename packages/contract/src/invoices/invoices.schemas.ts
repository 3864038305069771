import { z } from 'zod';
import { formatDay } from '../common/dates';
import { MAX_ID } from '../common/common.schemas';
import { receiptSchema } from '../payments/payments.schemas';

/**
 * Invoices, credit notes and monthly statements (docs/product/payments.md, Invoices and
 * Statements; docs/decisions/029-invoice-numbering-and-tax.md). The words people read on the
 * page and in the PDF are declared here once, so both show the same document.
 */

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
  paymentIds: 'Payments must be ids separated by commas, at most 100',
  monthInvalid: 'Choose a month written YYYY-MM, such as 2026-11',
  monthAhead: 'That month has not begun yet',
} as const satisfies Record<string, string>;

/** An invoice answers a payment; a credit note answers a refund of one. */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * TAX_INCLUSIVE: `inclusive`, a payment's amount contains the tax; `exclusive`, the tax was asked
 * on top of the budget.
 */
export const TAX_MODES = ['inclusive', 'exclusive'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

const dollars = z.number().meta({ description: 'US dollars, at most two decimals; negative on a credit note' });

/** An answer of the documents' endpoints: `{ data }`, named for the API's description. */
export const answerOf = <T extends z.ZodType>(data: T, id: string) => z.object({ data }).meta({ id });

/** What every document is titled: "Invoice", "Credit note". */
export const INVOICE_TITLES: Record<InvoiceKind, string> = { invoice: 'Invoice', credit_note: 'Credit note' };

/** The document's other words, on the page and in the PDF alike. */
export const INVOICE_TEXTS = {
  number: 'Number',
  date: 'Date',
  receipt: 'Receipt',
  credits: 'Credits invoice',
  reason: 'Reason',
  issuedBy: 'Issued by',
  billedTo: 'Billed to',
  taxId: 'Tax ID',
  description: 'Description',
  period: 'Period',
  amount: 'Amount',
  subtotal: 'Subtotal',
  total: 'Total',
  currency: 'Amounts are in US dollars.',
  lifetimeBudget: 'Lifetime budget',
} as const;

/** "20%", "8.25%": a rate as documents print it. */
export const formatPercent = (ratePercent: number): string => `${Number(ratePercent.toFixed(3))}%`;

/**
 * The tax line of a document: "Tax 20% (included)" when the prices contain it, "Tax 20%" when it
 * was added, and "Tax 0%" when none is charged.
 */
export const taxLabel = (ratePercent: number, mode: TaxMode): string =>
  `Tax ${formatPercent(ratePercent)}${mode === 'inclusive' && ratePercent > 0 ? ' (included)' : ''}`;

/**
 * The period an invoice line covers, in the account's days: a daily budget's paid days ("20 Nov
 * 2026 – 27 Nov 2026"); a lifetime budget's flight ("Flight 1 Dec 2026 – 31 Dec 2026", "Flight
 * from 1 Dec 2026"), or "Lifetime budget" for a campaign without dates.
 */
export function invoicePeriod(
  covered: { kind: 'days'; first: string; last: string } | { kind: 'flight'; start: string | null; end: string | null },
): string {
  if (covered.kind === 'days') return `${formatDay(covered.first)} – ${formatDay(covered.last)}`;
  if (covered.start && covered.end) return `Flight ${formatDay(covered.start)} – ${formatDay(covered.end)}`;
  if (covered.start) return `Flight from ${formatDay(covered.start)}`;
  if (covered.end) return `Flight until ${formatDay(covered.end)}`;
  return INVOICE_TEXTS.lifetimeBudget;
}

/** The PDF's file name: "invoice-2026-000123.pdf", "credit-note-CN-2026-000001.pdf". */
export const invoiceFileName = (kind: InvoiceKind, number: string): string =>
  `${kind === 'invoice' ? 'invoice' : 'credit-note'}-${number}.pdf`;

const partySchema = z.object({ name: z.string(), address: z.string().nullable(), tax_id: z.string().nullable() });

/** A line of a document: the campaign, the period it covers and its amount before tax. */
export const invoiceLineSchema = z
  .object({ description: z.string(), period: z.string(), amount: dollars })
  .meta({ id: 'InvoiceLine' });

/**
 * An invoice or a credit note, as it was issued: numbered, with the seller and the buyer as they
 * were, its lines, and the amount split into net and tax. subtotal + tax = total, and the lines
 * add up to the subtotal.
 */
export const invoiceSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(INVOICE_KINDS),
    /** "2026-000123" for an invoice, "CN-2026-000001" for a credit note: gap-free in each series and year. */
    number: z.string(),
    issued_at: z.string(),
    payment_id: z.number().int(),
    /** The payment's receipt ("R-000123"). */
    receipt_number: z.string(),
    /** The invoice a credit note corrects; null on an invoice. */
    credits: z.object({ id: z.number().int(), number: z.string() }).nullable(),
    /** Why the payment was refunded (credit notes); null on an invoice. */
    reason: z.string().nullable(),
    seller: partySchema,
    billing: receiptSchema.shape.billing,
    lines: z.array(invoiceLineSchema),
    subtotal: dollars,
    tax: dollars,
    total: dollars,
    /** The percentage applied, as set when the document was issued (TAX_RATE). */
    tax_rate: z.number(),
    tax_mode: z.enum(TAX_MODES),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceResponseSchema = answerOf(invoiceSchema, 'InvoiceResponse');

/** A document of a payment, as Payment activity and the receipt link to it. */
export const paymentDocumentSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(INVOICE_KINDS),
    number: z.string(),
    payment_id: z.number().int(),
    issued_at: z.string(),
    total: dollars,
  })
  .meta({ id: 'PaymentDocument' });
export type PaymentDocument = z.infer<typeof paymentDocumentSchema>;

export const paymentDocumentListResponseSchema = answerOf(
  z.array(paymentDocumentSchema),
  'PaymentDocumentListResponse',
);

/** The most payments one request asks the documents of: more than a page of Payment activity. */
export const PAYMENT_DOCUMENTS_LIMIT = 100;

/** "12,13,14": the payments whose documents are asked for, each once. */
export const paymentDocumentsQuerySchema = z.object({
  payment_ids: z
    .string({ error: INVOICE_MESSAGES.paymentIds })
    .refine((text) => /^\d{1,10}(,\d{1,10}){0,99}$/.test(text), { error: INVOICE_MESSAGES.paymentIds, abort: true })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), { error: INVOICE_MESSAGES.paymentIds })
    .meta({ description: `Payment ids separated by commas, at most ${PAYMENT_DOCUMENTS_LIMIT}` }),
});
