import { date, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ReportFrequency } from '@portal/contract';
import { advertisers } from './advertisers';
import { users } from './users';

/**
 * Scheduled reports (docs/product/insights.md, Scheduled reports; decision 036): a user's wish
 * to get an advertiser account's figures by e-mail every week or month. Unsubscribing from the
 * e-mail deletes the row.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    frequency: varchar('frequency', { length: 10 }).$type<ReportFrequency>().notNull(),
    /** The chosen campaigns, or null for every campaign of the account. */
    campaignIds: jsonb('campaign_ids').$type<number[] | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('report_schedules_user_idx').on(table.userId)],
);

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;

/**
 * One report sent: the unique (schedule, period) row is inserted in the transaction that queues
 * the e-mail, so of two processes sending at once one inserts it and queues, the other does neither.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    /** The first day of the period reported, in the account's time zone. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('report_deliveries_once').on(table.scheduleId, table.periodStart)],
);
