import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { SIGNUP_STEP } from '@portal/contract';

/**
 * A user's name as the administrators' search reads it ("first last"); the trigram index on
 * this very expression serves ILIKE '%term%' on it (decision 038).
 */
export const fullNameOf = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql`(coalesce(${table.firstName}, '') || ' ' || coalesce(${table.lastName}, ''))`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    // Stored lower-cased; the unique index is on the stored value.
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: smallint('role_id').notNull(),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    logo: text('logo'),
    /** Sign-up progress (SIGNUP_STEP): 1-3 unfinished, answered as profile_step. */
    registrationStep: smallint('registration_step').notNull().default(SIGNUP_STEP.accountCreated),
    /** false once an administrator bans the user. */
    status: boolean('status').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_full_name_trgm_idx').using('gin', sql`${fullNameOf(table)} gin_trgm_ops`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
