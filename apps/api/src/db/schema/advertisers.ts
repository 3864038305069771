import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AdvertiserRole } from '@portal/contract';
import { users } from './users';

/**
 * An advertiser account (docs/product/teams.md): what owns campaigns, files, cards, payments and
 * billing details. People reach it through their membership. Suspended by an administrator, it
 * answers none of its members' requests until lifted.
 */
export const advertisers = pgTable('advertisers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  /**
   * Set while an administrator trusts the account: its edits of an approved campaign's texts or
   * keywords skip review (docs/product/campaigns.md, Editing a campaign).
   */
  trustedAt: timestamp('trusted_at', { withTimezone: true }),
  /**
   * An IANA name: the zone whose calendar days the account's flight dates are (docs/product/campaigns.md,
   * Flight dates). Set from the browser at sign-up, changed by owners on My account.
   */
  timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AdvertiserRow = typeof advertisers.$inferSelect;

/** A user's place in an advertiser account: one role per account. */
export const advertiserMembers = pgTable(
  'advertiser_members',
  {
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 10 }).$type<AdvertiserRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.advertiserId, table.userId] }),
    // Every request looks up the caller's memberships.
    index('advertiser_members_user_idx').on(table.userId, table.joinedAt),
  ],
);

export type AdvertiserMemberRow = typeof advertiserMembers.$inferSelect;

/**
 * An invitation by e-mail (docs/product/teams.md, Invitations): to an advertiser account with a
 * role, or, with no account, to become an administrator. Its link's token is kept only as a
 * hash, like a reset link's; the row is pending until accepted, withdrawn or past `expires_at`.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    advertiserId: integer('advertiser_id').references(() => advertisers.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role: varchar('role', { length: 10 }).$type<AdvertiserRole>(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_token_unique').on(table.tokenHash),
    // One open invitation per address and account (or per address, for administrators), even
    // when two owners invite at once.
    uniqueIndex('invitations_one_open_per_email')
      .on(sql`coalesce(${table.advertiserId}, 0)`, table.email)
      .where(sql`${table.acceptedAt} IS NULL AND ${table.withdrawnAt} IS NULL`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;

/** The account's billing details, printed on its receipts (docs/product/payments.md). */
export const billingDetails = pgTable('billing_details', {
  advertiserId: integer('advertiser_id')
    .primaryKey()
    .references(() => advertisers.id, { onDelete: 'cascade' }),
  type: varchar('type', { length: 10 }).$type<'individual' | 'company'>().notNull(),
  businessName: varchar('business_name', { length: 50 }),
  taxId: varchar('tax_id', { length: 50 }),
  currency: varchar('currency', { length: 3 }),
  country: varchar('country', { length: 2 }).notNull(),
  address: varchar('address', { length: 100 }).notNull(),
  city: varchar('city', { length: 100 }).notNull(),
  state: varchar('state', { length: 100 }).notNull(),
  postalCode: varchar('postal_code', { length: 6 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

export type BillingDetails = typeof billingDetails.$inferSelect;
