import { boolean, bigserial, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AlertKind } from '@portal/contract';
import { campaigns } from './campaigns';
import { users } from './users';

/**
 * Every alert sent (docs/product/alerts.md): one row per campaign, kind and key, where the key
 * names the threshold or the stretch the alert is about (the budget measured against, the end
 * of the paid week, the start of the stretch without figures). The unique index is what makes
 * an alert go out once: of two processes or two saves that raise it at once, one inserts the
 * row and tells people, the other inserts nothing.
 */
export const campaignAlerts = pgTable(
  'campaign_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<AlertKind>().notNull(),
    key: varchar('key', { length: 40 }).notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('campaign_alerts_once').on(table.campaignId, table.kind, table.key)],
);

/**
 * Which alerts a person gets by e-mail too (My account). Only choices made are kept: a kind
 * without a row is e-mailed, so every alert is on until its person turns it off.
 */
export const alertEmailSettings = pgTable(
  'alert_email_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<AlertKind>().notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
