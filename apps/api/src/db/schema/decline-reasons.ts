import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The reasons an administrator picks from when declining (docs/product/review.md, Decline
 * reasons). Never deleted: a retired reason stays on the declines that named it. Migration 0027
 * seeds the contract's `SEEDED_DECLINE_REASONS`.
 */
export const declineReasons = pgTable('decline_reasons', {
  code: varchar('code', { length: 40 }).primaryKey(),
  text: varchar('text', { length: 120 }).notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type DeclineReasonRow = typeof declineReasons.$inferSelect;
