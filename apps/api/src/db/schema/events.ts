import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What happened, written in the same transaction as the change that caused it (decision 010),
 * so an event exists exactly when its change does. The dispatcher hands each event to its
 * subscribers (e-mail, later notifications, the audit trail) and marks it processed; a failing
 * subscriber makes the event wait and retry. Processed events are pruned after a while.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: varchar('type', { length: 60 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The user the event is about, when there is one. */
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The request that caused it, when one did: the `reqId` of its log lines (README, "Logs"). */
    requestId: varchar('request_id', { length: 64 }),
  },
  (table) => [
    index('domain_events_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.processedAt} is null`),
    index('domain_events_processed_idx').on(table.processedAt),
  ],
);
