import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { advertisers } from './advertisers';
import { users } from './users';

/** Which payment provider a row belongs to (docs/product/payments.md, Payment provider). */
export type PaymentProviderKind = 'sandbox' | 'stripe';

/** Each advertiser account's customer at the provider: one per account and provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 10 }).$type<PaymentProviderKind>().notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_customers_advertiser_provider_unique').on(table.advertiserId, table.provider),
    uniqueIndex('payment_customers_customer_unique').on(table.provider, table.customerId),
  ],
);

/** An advertiser account's saved card: what the provider reported of it, never its number or CVC. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 10 }).$type<PaymentProviderKind>().notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    brand: varchar('brand', { length: 20 }).notNull(),
    last4: varchar('last4', { length: 4 }).notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_methods_provider_unique').on(table.provider, table.providerMethodId),
    index('payment_methods_advertiser_idx').on(table.advertiserId, table.createdAt.desc().nullsFirst()),
  ],
);

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export type PaymentLinkStatus = 'open' | 'paid' | 'cancelled';

/**
 * How a link's last automatic attempt ended: declined (tried again a day later), the bank asking
 * the cardholder to confirm (no more attempts: the link is e-mailed), or declined for the last
 * time (the campaign was paused).
 */
export type AutoPayOutcome = 'declined' | 'action_required' | 'paused';

/**
 * What a campaign's customer is asked to pay (docs/product/payments.md, Payment links): the
 * portal's own link, whose checkout page (`/checkout/<token>`, built where it is answered, on
 * whatever origin the portal is reached at) stays valid until it is paid or cancelled; with
 * Stripe, each visit opens a Checkout Session for it.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: serial('id').primaryKey(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Random, unguessable: the link's address names it. */
    token: varchar('token', { length: 64 }).notNull(),
    /** What paying the link charges: its days at the daily budget (or the budget), less `creditCents`. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The account's credit this link uses (docs/product/payments.md, Credit): returned if it is cancelled. */
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    /** How many days a payment covers (7 for a daily budget); null: the whole campaign. */
    coversDays: smallint('covers_days'),
    status: varchar('status', { length: 10 }).$type<PaymentLinkStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Automatic payment (docs/product/payments.md, Automatic payment): the attempts made to
     * charge the default card, when the next is due (null: none planned yet, so the first is due
     * now), when one was claimed and is under way, and how the last ended.
     */
    autoAttempts: smallint('auto_attempts').notNull().default(0),
    autoNextAt: timestamp('auto_next_at', { withTimezone: true }),
    autoClaimedAt: timestamp('auto_claimed_at', { withTimezone: true }),
    autoOutcome: varchar('auto_outcome', { length: 16 }).$type<AutoPayOutcome>(),
  },
  (table) => [
    uniqueIndex('payment_links_token_unique').on(table.token),
    // At most one open link per campaign, even when two approvals or renewals race.
    uniqueIndex('payment_links_one_open_per_campaign')
      .on(table.campaignId)
      .where(sql`${table.status} = 'open'`),
    index('payment_links_open_advertiser_idx')
      .on(table.advertiserId)
      .where(sql`${table.status} = 'open'`),
  ],
);

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** The billing details as they were when a payment was made, printed on its receipt. */
export interface BillingSnapshot {
  account_type: string;
  name: string;
  email: string;
  company_name: string | null;
  address: string | null;
  country: string | null;
  currency: string | null;
  /** Kept since receipts print it; absent from payments made before. */
  tax_id?: string | null;
}

/** A payment received for a link: one per link, whatever the provider or the webhook repeats. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    linkId: integer('link_id')
      .notNull()
      .references(() => paymentLinks.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 10 }).$type<PaymentProviderKind>().notNull(),
    transactionId: text('transaction_id').notNull(),
    status: varchar('status', { length: 30 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The card used (its brand and last four digits), or null when the provider did not say. */
    cardBrand: varchar('card_brand', { length: 20 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    campaignName: text('campaign_name').notNull(),
    billing: jsonb('billing').$type<BillingSnapshot>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** The end of the period a daily budget's payment covers; null for a lifetime budget. */
    coversUntil: timestamp('covers_until', { withTimezone: true }),
    /** The sum of its succeeded refunds (`payment_refunds`), kept in the transaction that settles each. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /** The sum of its refunds still waiting for the provider's answer: held, so nobody refunds it twice. */
    refundPendingCents: bigint('refund_pending_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    // Never more refunded, or being refunded, than was paid: the database's own guard against an
    // over-refund, beside the lock a refund takes on the row (decision 030).
    check(
      'payments_refunds_within_amount',
      sql`${table.refundedCents} >= 0 AND ${table.refundPendingCents} >= 0 AND ${table.refundedCents} + ${table.refundPendingCents} <= ${table.amountCents}`,
    ),
    uniqueIndex('payments_link_unique').on(table.linkId),
    uniqueIndex('payments_transaction_unique').on(table.provider, table.transactionId),
    index('payments_advertiser_paid_idx').on(
      table.advertiserId,
      table.paidAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // What was paid for one campaign: the budget a daily campaign's alerts measure against.
    index('payments_campaign_idx').on(table.campaignId),
    // The administrators' payments page, newest first, and its days.
    index('payments_paid_idx').on(table.paidAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/**
 * A refund of a payment, in full or in part (docs/product/payments.md, Refunds; decision 030):
 * written `pending` under the payment's lock before the provider is called (its id is the
 * provider's idempotency key), then `succeeded` with the provider's refund id, or `failed` with
 * the provider's words.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Why, as the administrator wrote it; the customer reads it. */
    reason: varchar('reason', { length: 500 }).notNull(),
    status: varchar('status', { length: 10 }).$type<RefundStatus>().notNull().default('pending'),
    /** The provider's id of the refund (`re_…`), once it made it. */
    providerRefundId: text('provider_refund_id'),
    /** What the provider answered when it refused. */
    failure: text('failure'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When it succeeded or failed. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    check('payment_refunds_amount_positive', sql`${table.amountCents} > 0`),
    index('payment_refunds_payment_idx').on(table.paymentId, table.id),
    // The refunds whose provider call never came back, which a job settles.
    index('payment_refunds_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** Provider events already handled, by id, so a delivery repeated changes nothing. */
export const providerEvents = pgTable('provider_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/**
 * The sandbox provider's own records: its setup intents and the cards confirmed with them. It
 * keeps what Stripe would report of a card, and whether it is the test card that declines.
 */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  /** SHA-256 of the client secret handed to the page. */
  secretHash: text('secret_hash').notNull(),
  customerId: text('customer_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  brand: varchar('brand', { length: 20 }).notNull(),
  last4: varchar('last4', { length: 4 }).notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  declines: boolean('declines').notNull(),
  /** The test card whose bank asks the cardholder to confirm every payment made without them. */
  asksAuthentication: boolean('asks_authentication').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The sandbox's charges of saved cards made without the cardholder (automatic payment), by the
 * idempotency key each was asked with: asked again with the same key, it answers the charge it
 * made, as Stripe does, so an attempt repeated after a crash charges once.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  transactionId: text('transaction_id').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Each advertiser account's automatic payment (docs/product/payments.md, Automatic payment): its
 * default card, and since when amounts falling due are charged to it (null: off).
 */
export const paymentSettings = pgTable('payment_settings', {
  advertiserId: integer('advertiser_id')
    .primaryKey()
    .references(() => advertisers.id, { onDelete: 'cascade' }),
  defaultMethodId: integer('default_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
  autoPaySince: timestamp('auto_pay_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Each advertiser account's credit, in cents (docs/product/payments.md, Credit): whole days of a
 * paid period that new flight dates cut short, taken off the account's next payment links. A
 * row of its own, locked after the campaign and its link (decision 016's order), so two links
 * opened at once cannot both use the same credit.
 */
export const accountCredits = pgTable(
  'account_credits',
  {
    advertiserId: integer('advertiser_id')
      .primaryKey()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('account_credits_balance_not_negative', sql`${table.balanceCents} >= 0`)],
);
