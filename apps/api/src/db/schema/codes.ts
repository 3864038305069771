import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a one-time code proves: the sign-up address, or a new address for an e-mail change. */
export type CodePurpose = 'verify_email' | 'change_email';

/**
 * Six-digit codes sent by e-mail, stored only as hashes. A code dies when it expires, after
 * five wrong tries, when it is used, and when a newer one of the same purpose is sent.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20 }).$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** The address the code was sent to (the new one, for an e-mail change). */
    email: varchar('email', { length: 254 }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('one_time_codes_user_purpose_idx').on(table.userId, table.purpose)],
);

/** Password reset links: the token's SHA-256, usable once within its hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * The sign-up steps carry a user id and no bearer token (docs/decisions/007-signup-cookie.md): they act only for the
 * browser holding the httpOnly cookie whose token hashes to a row here for that user.
 */
export const signupSessions = pgTable(
  'signup_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('signup_sessions_user_idx').on(table.userId)],
);
