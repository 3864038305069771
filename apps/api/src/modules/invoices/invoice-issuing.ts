import { invoicePeriod, type InvoiceKind, startOfDayIn, todayIn } from '@portal/contract';
import type { SellerConfig } from '../../config';
import type { InvoiceRow, invoices, PaymentRow, SellerSnapshot } from '../../db/schema';
import { splitTax, type TaxSetting } from '../../lib/tax';
import type { AdvertiserRepository } from '../advertisers';
import type { CampaignRepository } from '../campaigns';
import type { DomainEventPayloads } from '../events';
import type { PaymentRepository } from '../payments';
import type { InvoiceRepository } from './invoice.repository';

/** What issuing a document reads and writes: the documents, and the payment, campaign and account it names. */
export interface IssuingRepositories {
  invoices: InvoiceRepository;
  payments: PaymentRepository;
  campaigns: CampaignRepository;
  advertisers: AdvertiserRepository;
}

/** Who issues the documents and the tax they apply, from the settings as they are when one is issued. */
export interface IssuingSettings {
  seller: SellerConfig;
  tax: TaxSetting;
}

/**
 * A document's number: "2026-000123" for an invoice, "CN-2026-000001" for a credit note, the
 * number on at least six digits.
 */
const documentNumber = (kind: InvoiceKind, year: number, sequence: number): string =>
  `${kind === 'credit_note' ? 'CN-' : ''}${year}-${String(sequence).padStart(6, '0')}`;

const sellerSnapshot = (seller: SellerConfig): SellerSnapshot => ({
  name: seller.name,
  address: seller.address,
  tax_id: seller.taxId,
});

/**
 * What a payment paid for, in its account's days: a daily budget's paid period from the payment
 * (or the flight's first day, when paid ahead) to the last day it reaches; a lifetime budget's
 * flight dates as they are when the invoice is issued, moments after the payment.
 */
async function periodOf(repos: IssuingRepositories, payment: PaymentRow): Promise<string> {
  const view = await repos.campaigns.findView(payment.campaignId);
  const timeZone = await repos.advertisers.timeZoneOf(payment.advertiserId);
  const campaign = view?.campaign;
  if (payment.coversUntil) {
    const flightStart = campaign?.startDate ? startOfDayIn(campaign.startDate, timeZone) : payment.paidAt;
    const from = new Date(Math.max(payment.paidAt.getTime(), flightStart.getTime()));
    // The period ends at an instant it does not include: a midnight ends the day before.
    const last = new Date(payment.coversUntil.getTime() - 1);
    return invoicePeriod({ kind: 'days', first: todayIn(timeZone, from), last: todayIn(timeZone, last) });
  }
  return invoicePeriod({ kind: 'flight', start: campaign?.startDate ?? null, end: campaign?.endDate ?? null });
}

/**
 * Inserts a document under the next number of its series and year, taken in the same transaction
 * (`takeNumber`): what makes the numbering gap-free.
 */
async function numbered(
  repos: IssuingRepositories,
  document: Omit<typeof invoices.$inferInsert, 'year' | 'sequence' | 'number'>,
  year: number,
): Promise<InvoiceRow> {
  const sequence = await repos.invoices.takeNumber(document.kind, year);
  return repos.invoices.insert({ ...document, year, sequence, number: documentNumber(document.kind, year, sequence) });
}

/**
 * Issues the payment's invoice, once: its number is taken in the transaction that inserts it
 * (`takeNumber`), in the series of the payment's year in UTC. The amount paid is split into net
 * and tax at the rate in force (docs/decisions/029-invoice-numbering-and-tax.md). Answers the
 * invoice, the one issued before if there is one; nothing for an unknown payment.
 */
export async function issueInvoice(
  repos: IssuingRepositories,
  paymentId: number,
  { seller, tax }: IssuingSettings,
): Promise<InvoiceRow | undefined> {
  const issued = await repos.invoices.invoiceOfPayment(paymentId);
  if (issued) return issued;
  const payment = await repos.payments.payment(paymentId);
  if (!payment) return undefined;
  const period = await periodOf(repos, payment);
  const { netCents, taxCents } = splitTax(payment.amountCents, tax.ratePercent);
  return numbered(
    repos,
    {
      advertiserId: payment.advertiserId,
      kind: 'invoice',
      paymentId,
      // Dated the moment it was paid: the invoice is the record of that payment.
      issuedAt: payment.paidAt,
      seller: sellerSnapshot(seller),
      billing: payment.billing,
      lines: [{ description: payment.campaignName, period, amount_cents: netCents }],
      subtotalCents: netCents,
      taxCents,
      totalCents: payment.amountCents,
      taxRate: String(tax.ratePercent),
      taxMode: tax.mode,
    },
    payment.paidAt.getUTCFullYear(),
  );
}

/**
 * Issues the credit note of a refund, once, in its own series ("CN-2026-000001", the refund's
 * year in UTC). It corrects the payment's invoice, issued first if it has none yet (a payment
 * made before invoices existed, or a refund handled before its payment's invoice), at that
 * invoice's rate. Its tax is what all the refunds of the invoice so far contain less what
 * earlier credit notes took off, so the credit notes of a payment refunded in parts add up to
 * its invoice exactly, and never take off more tax than it charged.
 */
export async function issueCreditNote(
  repos: IssuingRepositories,
  refund: DomainEventPayloads['payment.refunded'],
  at: Date,
  settings: IssuingSettings,
): Promise<InvoiceRow | undefined> {
  const issued = await repos.invoices.creditNoteOfRefund(refund.refundId);
  if (issued) return issued;
  const invoice = await issueInvoice(repos, refund.paymentId, settings);
  if (!invoice) return undefined;
  const rate = Number(invoice.taxRate);
  const before = await repos.invoices.creditedOf(invoice.id);
  const refundedCents = refund.amountCents - before.totalCents;
  const taxCents = -(splitTax(refundedCents, rate).taxCents + before.taxCents);
  const totalCents = -refund.amountCents;
  const credited = {
    advertiserId: invoice.advertiserId,
    kind: 'credit_note' as const,
    paymentId: invoice.paymentId,
    refundId: refund.refundId,
    creditedInvoiceId: invoice.id,
    reason: refund.reason,
    issuedAt: at,
    seller: sellerSnapshot(settings.seller),
    // Addressed as the invoice it corrects was.
    billing: invoice.billing,
    // An invoice has one line, the campaign paid for: the note takes its net amount off it.
    lines: invoice.lines.slice(0, 1).map((line) => ({ ...line, amount_cents: totalCents - taxCents })),
    subtotalCents: totalCents - taxCents,
    taxCents,
    totalCents,
    taxRate: invoice.taxRate,
    taxMode: invoice.taxMode,
  };
  return numbered(repos, credited, at.getUTCFullYear());
}
