import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '@portal/contract';
import { users } from './users';

/**
 * Personal API tokens (docs/product/accounts.md, API tokens; decision 035). Like a session's,
 * the token itself is never stored: only its SHA-256. A revoked or expired row stays, so the
 * owner's list and the last use keep their history until the user is deleted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    scope: varchar('scope', { length: 10 }).$type<ApiTokenScope>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** The first characters after the prefix, shown so the owner can tell tokens apart. */
    hint: varchar('hint', { length: 8 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last request, to within API_TOKEN_LAST_USED_STEP_MS. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
