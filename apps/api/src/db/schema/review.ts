import { sql } from 'drizzle-orm';
import type { NOTIFICATION_EVENT_TYPES } from '@portal/contract';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { users } from './users';
import { advertisers } from './advertisers';

/** What a notification is about (docs/product/review.md, Notifications). */
export type NotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

/**
 * A user's notifications, written by the server when something happens. `sender_id` null
 * means the portal itself. Read once `read_at` is set.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    advertiserId: integer('advertiser_id').references(() => advertisers.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    eventType: varchar('event_type', { length: 20 }).$type<NotificationEventType>().notNull(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The portal page where the user acts on it (a path); null for notices without one. */
    link: text('link'),
  },
  (table) => [
    index('notifications_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The unread count of the menu reads only unread rows.
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/** Who or what an audit row is about. */
export type AuditSubject = 'campaign' | 'user' | 'advertiser';

/**
 * The audit trail (docs/product/review.md, Audit trail): one row per recorded action, written in
 * the transaction of the change. `actor_id` null means the portal itself (payments, scheduled
 * work). The database refuses to change or delete a row (migration 0009's trigger).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id),
    /** The advertiser account the action was taken in, whose owners read it (docs/product/teams.md). */
    advertiserId: integer('advertiser_id').references(() => advertisers.id),
    action: varchar('action', { length: 60 }).notNull(),
    subjectType: varchar('subject_type', { length: 20 }).$type<AuditSubject>().notNull(),
    subjectId: integer('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId, table.id),
    // An account's trail, newest first, as its owners page through it.
    // The counts of declines per reason and month (docs/product/review.md, Decline reasons).
    index('audit_log_declines_idx')
      .on(table.createdAt)
      .where(sql`${table.action} = 'campaign.declined'`),
    index('audit_log_advertiser_idx')
      .on(table.advertiserId, table.id)
      .where(sql`${table.advertiserId} IS NOT NULL`),
  ],
);
