import type { SignInChallengeKind } from '@portal/contract';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's authenticator (docs/decisions/025-two-factor-sign-in.md): one row per user, from
 * the start of an enrolment. Two-factor sign-in is on once `enabled_at` is set.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /**
   * The RFC 6238 secret, base32, as the authenticator app holds it. It is kept readable (codes
   * are computed from it) in this column only, never in a log or an answer after the enrolment.
   */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** null while the enrolment waits for its first code. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Single-use recovery codes, stored as SHA-256 of the user id and the code. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

/**
 * The second step of a login (docs/decisions/025-two-factor-sign-in.md): the SHA-256 of a
 * random token answered after the right password, valid 5 minutes, for one sign-in, dead after
 * 5 wrong codes. It carries the login's Remember me.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<SignInChallengeKind>().notNull(),
    remember: boolean('remember').notNull(),
    /** Codes tried, taken one at a time in a single statement before each check. */
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the sign-in it stands for was completed; it cannot complete another. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_challenges_user_idx').on(table.userId)],
);
