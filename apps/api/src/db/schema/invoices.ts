import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { InvoiceKind, TaxMode } from '@portal/contract';
import { advertisers } from './advertisers';
import { payments, type BillingSnapshot } from './payments';

/**
 * The last number taken in each series and year (docs/decisions/029-invoice-numbering-and-tax.md).
 * A document takes its number by raising `last_number` in the transaction that inserts it, so
 * the row stays locked until that transaction ends: documents of one series and year are
 * numbered one after the other, and a rollback gives the number back. No number is skipped.
 */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    series: varchar('series', { length: 12 }).$type<InvoiceKind>().notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

/** The seller as a document printed it (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID when it was issued). */
export interface SellerSnapshot {
  name: string;
  address: string | null;
  tax_id: string | null;
}

/** A line of a document: the campaign, the period it covers, its amount before tax in cents. */
export interface InvoiceLineSnapshot {
  description: string;
  period: string;
  amount_cents: number;
}

/**
 * Invoices and credit notes, as issued: never changed or deleted. An invoice answers one
 * payment; a credit note answers one refund of a payment and names the invoice it corrects.
 * Amounts are cents, negative on a credit note, so sums of documents need no sign rule.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id),
    kind: varchar('kind', { length: 12 }).$type<InvoiceKind>().notNull(),
    /** The series' year and the number taken in it; `number` is what is printed ("2026-000123"). */
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: varchar('number', { length: 24 }).notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The refund a credit note answers (the refunds are the payments module's); null on an invoice. */
    refundId: integer('refund_id'),
    /** The invoice a credit note corrects. */
    creditedInvoiceId: integer('credited_invoice_id').references((): AnyPgColumn => invoices.id),
    reason: text('reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    seller: jsonb('seller').$type<SellerSnapshot>().notNull(),
    billing: jsonb('billing').$type<BillingSnapshot>().notNull(),
    lines: jsonb('lines').$type<InvoiceLineSnapshot[]>().notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The percentage applied when it was issued (TAX_RATE), and whether prices contained it. */
    taxRate: numeric('tax_rate', { precision: 6, scale: 3 }).notNull(),
    taxMode: varchar('tax_mode', { length: 10 }).$type<TaxMode>().notNull(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_series_number_unique').on(table.kind, table.year, table.sequence),
    // One invoice per payment and one credit note per refund, whoever issues them and however often.
    uniqueIndex('invoices_one_per_payment')
      .on(table.paymentId)
      .where(sql`${table.kind} = 'invoice'`),
    // Only credit notes have a refund (the check below), and an index keeps nulls apart.
    uniqueIndex('invoices_one_per_refund').on(table.refundId),
    // A statement reads an account's documents of a month.
    index('invoices_advertiser_issued_idx').on(table.advertiserId, table.issuedAt),
    index('invoices_payment_idx').on(table.paymentId),
    check('invoices_total_is_net_and_tax', sql`${table.subtotalCents} + ${table.taxCents} = ${table.totalCents}`),
    check(
      'invoices_kind_fields',
      sql`(${table.kind} = 'invoice' and ${table.refundId} is null) or (${table.kind} = 'credit_note' and ${table.refundId} is not null)`,
    ),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
