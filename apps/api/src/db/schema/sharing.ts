import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SharedLinkKind } from '@portal/contract';
import { advertisers } from './advertisers';
import { campaigns } from './campaigns';
import { users } from './users';

/**
 * Shared links (decision 034): read-only pages for people without a sign-in, a campaign's ad
 * preview or a report over fixed days. Only the token's SHA-256 is kept, as for reset links; a
 * link works until `expires_at` or `revoked_at`, and while its maker is an active member of an
 * account that is not suspended. `views` is counted by one UPDATE per view.
 */
export const sharedLinks = pgTable(
  'shared_links',
  {
    id: serial('id').primaryKey(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<SharedLinkKind>().notNull(),
    /** The campaign shown; null for a report on the whole account. */
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    rangeFrom: date('range_from', { mode: 'string' }),
    rangeTo: date('range_to', { mode: 'string' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('shared_links_token_unique').on(table.tokenHash),
    // The account's active links: the limit's count and My account's list.
    index('shared_links_account_idx')
      .on(table.advertiserId, table.expiresAt)
      .where(sql`${table.revokedAt} IS NULL`),
    check('shared_links_kind', sql`${table.kind} IN ('preview', 'report')`),
    check(
      'shared_links_shape',
      sql`(${table.kind} = 'preview' AND ${table.campaignId} IS NOT NULL AND ${table.rangeFrom} IS NULL)
        OR (${table.kind} = 'report' AND ${table.rangeFrom} IS NOT NULL AND ${table.rangeTo} IS NOT NULL)`,
    ),
  ],
);

export type SharedLinkRow = typeof sharedLinks.$inferSelect;
