import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * E-mail waiting to be sent. An action writes its message here in the same transaction as its
 * own change, so a mail server that is down delays the message but never loses the action;
 * a worker sends what is due and retries with growing delays. A row holds a template's name and
 * parameters; the message is rendered when sent, and then the parameters (which may carry a code)
 * are cleared, leaving the recipient, subject, template and times.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    template: varchar('template', { length: 40 }).notNull(),
    /** Null once the message is sent or given up. */
    params: jsonb('params').$type<Record<string, string>>(),
    /** Set when the message is rendered for sending. */
    subject: text('subject'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Set while one worker is sending, so another process does not send it too. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The request that caused it, when one did: the `reqId` of its log lines (README, "Logs"). */
    requestId: varchar('request_id', { length: 64 }),
  },
  (table) => [index('mail_queue_due_idx').on(table.nextAttemptAt)],
);
