import type { InvoiceKind } from '@portal/contract';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { invoiceSequences, invoices, type InvoiceRow } from '../../db/schema';

/** What a statement sums of an account's documents before its month, in cents (credit notes negative). */
export interface DocumentTotals {
  invoicedCents: number;
  creditedCents: number;
}

/**
 * The `invoices` and `invoice_sequences` tables (docs/decisions/029-invoice-numbering-and-tax.md):
 * documents as issued, and the last number of each series and year.
 */
export class InvoiceRepository {
  constructor(private readonly db: Database) {}

  /**
   * The next number of a series and year, in the caller's transaction. The one statement raises
   * the row's number and leaves it locked until the transaction ends: documents issued at once
   * take their numbers one after the other, and a transaction that rolls back takes its number
   * back with it, so the series has no gap.
   */
  async takeNumber(series: InvoiceKind, year: number): Promise<number> {
    const [row] = await this.db
      .insert(invoiceSequences)
      .values({ series, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [invoiceSequences.series, invoiceSequences.year],
        set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
      })
      .returning({ lastNumber: invoiceSequences.lastNumber });
    return row!.lastNumber;
  }

  async insert(document: typeof invoices.$inferInsert): Promise<InvoiceRow> {
    const [row] = await this.db.insert(invoices).values(document).returning();
    return row!;
  }

  find(id: number): Promise<InvoiceRow | undefined> {
    return this.first(eq(invoices.id, id));
  }

  /** The payment's invoice (at most one). */
  invoiceOfPayment(paymentId: number): Promise<InvoiceRow | undefined> {
    return this.first(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')));
  }

  /** The refund's credit note (at most one). */
  creditNoteOfRefund(refundId: number): Promise<InvoiceRow | undefined> {
    return this.first(and(eq(invoices.refundId, refundId), eq(invoices.kind, 'credit_note')));
  }

  private async first(condition: SQL | undefined): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(condition).limit(1);
    return row;
  }

  /** What the credit notes of an invoice took off it so far, in cents (negative, as they are kept). */
  async creditedOf(invoiceId: number): Promise<{ totalCents: number; taxCents: number }> {
    const [row] = await this.db
      .select({
        totalCents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`.mapWith(Number),
        taxCents: sql<number>`coalesce(sum(${invoices.taxCents}), 0)`.mapWith(Number),
      })
      .from(invoices)
      .where(eq(invoices.creditedInvoiceId, invoiceId));
    return row!;
  }

  /** The numbers of these documents, by id (the invoices a statement's credit notes correct). */
  async numbersOf(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row.number]));
  }

  /** The documents of these payments, oldest first; only the account's when one is given. */
  documentsOfPayments(paymentIds: number[], advertiserId: number | null): Promise<InvoiceRow[]> {
    if (paymentIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(invoices)
      .where(
        and(
          inArray(invoices.paymentId, paymentIds),
          advertiserId === null ? undefined : eq(invoices.advertiserId, advertiserId),
        ),
      )
      .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  }

  /** The account's documents issued from `from` until before `until`, in the order they were issued. */
  issuedBetween(advertiserId: number, from: Date, until: Date): Promise<InvoiceRow[]> {
    return this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.advertiserId, advertiserId), gte(invoices.issuedAt, from), lt(invoices.issuedAt, until)))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  }

  /** What the account's documents issued before `before` add up to, by kind. */
  async totalsBefore(advertiserId: number, before: Date): Promise<DocumentTotals> {
    const sumOf = (kind: InvoiceKind) =>
      sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${invoices.kind} = ${kind}), 0)`.mapWith(Number);
    const [row] = await this.db
      .select({ invoicedCents: sumOf('invoice'), creditedCents: sumOf('credit_note') })
      .from(invoices)
      .where(and(eq(invoices.advertiserId, advertiserId), lt(invoices.issuedAt, before)));
    return row!;
  }
}
