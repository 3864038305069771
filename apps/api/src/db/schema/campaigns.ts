import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  APPROVAL_STATUSES,
  BUDGET_TYPES,
  CampaignObjective,
  CustomerListTab,
  FlightState,
} from '@portal/contract';
import { users } from './users';
import { advertisers } from './advertisers';
import { declineReasons } from './decline-reasons';

/**
 * A customer's campaign (docs/product/campaigns.md, Campaign record and Campaign state). Its
 * approval, switch, archive and payment are independent facts; delivery is derived from them.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    /** Who created it: answered as the campaign's `user_id` (docs/product/teams.md). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    objective: varchar('objective', { length: 20 }).$type<CampaignObjective>().notNull(),
    budgetType: varchar('budget_type', { length: 10 }).$type<(typeof BUDGET_TYPES)[number]>().notNull(),
    /** US dollars with cents; Drizzle reads numeric as a string, the repository as a number. */
    budgetAmount: numeric('budget_amount', { precision: 12, scale: 2 }).notNull(),
    keywords: text('keywords').array().notNull(),
    /**
     * Flight dates, calendar days in the account's time zone (docs/product/campaigns.md, Flight
     * dates): the first day it runs (null: as soon as it is approved and paid) and the last (null:
     * until stopped).
     */
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Where the flight stands; only the flight job moves it forward, so each move is told once. */
    flightState: varchar('flight_state', { length: 9 }).$type<FlightState>().notNull().default('running'),
    approvalStatus: varchar('approval_status', { length: 10 })
      .$type<(typeof APPROVAL_STATUSES)[number]>()
      .notNull()
      .default('draft'),
    /** What the customer was told of the last decline: the reason's text as it was then, and the note. */
    declineReason: text('decline_reason'),
    /** The last decline's reason (docs/product/review.md, Decline reasons); null for one kept as free text only. */
    declineReasonCode: varchar('decline_reason_code', { length: 40 }).references(() => declineReasons.code),
    declineNote: text('decline_note'),
    /** The customer's switch; the wizard's status sets it at publication. */
    onOff: varchar('on_off', { length: 3 }).$type<'on' | 'off'>().notNull().default('on'),
    paymentStatus: varchar('payment_status', { length: 6 }).$type<'paid' | 'unpaid'>().notNull().default('unpaid'),
    /** When the campaign was last paid through the portal (docs/product/payments.md, Paying). */
    datePaid: timestamp('date_paid', { withTimezone: true }),
    /** A daily budget's paid period ends here; then the campaign is unpaid again (Seven-day periods). */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** An archived campaign the customer deleted again: gone from their lists, kept for billing and admins. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    publishedOn: timestamp('published_on', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Any save of the campaign; an untouched draft is cleaned up after 7 days. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /**
     * The customer's tab the campaign shows in, worked out by the database from the facts
     * above, so that one index serves every tab's page in order (docs/product/campaigns.md,
     * Campaign lists). Null for drafts and for campaigns deleted for good.
     */
    listTab: varchar('list_tab', { length: 8 })
      .$type<CustomerListTab>()
      .generatedAlwaysAs(
        sql`CASE
          WHEN deleted_at IS NOT NULL THEN NULL
          WHEN archived_at IS NOT NULL THEN 'archived'
          WHEN approval_status = 'approved' THEN 'active'
          WHEN approval_status IN ('pending', 'declined') THEN 'pending'
        END`,
      ),
  },
  (table) => [
    // A person has at most one draft in each account, even when two first saves race.
    uniqueIndex('campaigns_one_draft_per_member')
      .on(table.advertiserId, table.userId)
      .where(sql`${table.approvalStatus} = 'draft'`),
    // DESC is NULLS FIRST in PostgreSQL: the index must say so too, or `ORDER BY created_at DESC`
    // cannot read it in order (the columns are never null, but the planner goes by the definition).
    index('campaigns_advertiser_created_idx').on(
      table.advertiserId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A customer's tab, newest first. Migration 0032 adds each campaign's name to it (INCLUDE,
    // which this builder cannot say), so that a search in the tab reads the names from the index
    // alone, newest first, until it has its page and its capped count (decision 042).
    index('campaigns_advertiser_list_idx')
      .on(table.advertiserId, table.listTab, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.listTab} IS NOT NULL`),
    // The dashboard's pacing panel: an account's running campaigns, ending soonest first
    // (docs/product/insights.md, Pacing), read from the index without sorting them all.
    index('campaigns_running_ending_idx')
      .on(
        table.advertiserId,
        table.endDate.asc().nullsLast(),
        table.createdAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(sql`${table.listTab} = 'active' AND ${table.flightState} = 'running'`),
    // The administrators' review tabs, newest first (docs/product/review.md, Review queue).
    index('campaigns_review_idx').on(
      table.approvalStatus,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The review queue's search on customers' names: the campaigns of the owners whose names
    // match, in one tab, counted without reading the whole tab (decision 038).
    index('campaigns_owner_review_idx').on(table.userId, table.approvalStatus),
    // An account's analytics page: approved campaigns, archived ones included (docs/product/insights.md).
    index('campaigns_advertiser_analytics_idx')
      .on(table.advertiserId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.approvalStatus} = 'approved' AND ${table.deletedAt} IS NULL`),
    // Serves ILIKE '%term%' on names (pg_trgm, in PostgreSQL and PGlite alike).
    index('campaigns_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    // The renewal job's look-up of daily campaigns whose paid period is over.
    index('campaigns_paid_until_idx')
      .on(table.paidUntil)
      .where(sql`${table.paidUntil} IS NOT NULL`),
    // The flight job's look-ups of campaigns whose start or end may have come.
    index('campaigns_flight_start_idx')
      .on(table.startDate)
      .where(sql`${table.flightState} = 'scheduled'`),
    index('campaigns_flight_end_idx')
      .on(table.endDate)
      .where(sql`${table.flightState} <> 'ended' AND ${table.endDate} IS NOT NULL`),
    index('campaigns_draft_updated_idx')
      .on(table.updatedAt)
      .where(sql`${table.approvalStatus} = 'draft'`),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign's ad creative (wizard step 2): one per campaign. Its files are media_files rows. */
export const adTemplates = pgTable(
  'ad_templates',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    adTitle: text('ad_title').notNull(),
    adDescription: text('ad_description').notNull(),
    destinationUrl: varchar('destination_url', { length: 2048 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('ad_templates_campaign_unique').on(table.campaignId)],
);

export type AdTemplateRow = typeof adTemplates.$inferSelect;
