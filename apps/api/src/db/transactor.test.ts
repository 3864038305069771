import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { Database, DatabaseHandle } from './database';
import { createTransactor, isRetryableConflict } from './transactor';
import { domainEvents } from './schema';

/** The error PostgreSQL gives for `condition`, as the driver and Drizzle hand it over. */
async function databaseError(database: DatabaseHandle, condition: string): Promise<unknown> {
  try {
    await database.db.execute(sql.raw(`do $$ begin raise exception 'forced' using errcode = '${condition}'; end $$`));
  } catch (error) {
    return error;
  }
  throw new Error(`${condition} was not raised`);
}

/** A repository of this test's own: one row a call, in whatever transaction it is built on. */
class AttemptLog {
  constructor(private readonly db: Database) {}
  async record(userId: number, email: string) {
    const at = new Date();
    await this.db
      .insert(domainEvents)
      .values({ type: 'account.password_changed', payload: { email }, userId, createdAt: at, nextAttemptAt: at });
  }
}
const transactor = (database: DatabaseHandle) =>
  createTransactor(database.db, { attempts: (db) => new AttemptLog(db) });

describe('withTransaction', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  let nextUser = 9100;
  /** Work that records an event on each attempt and fails the first `failures` with `error`. */
  function flakyWork(error: unknown, failures: number) {
    const userId = ++nextUser;
    let attempts = 0;
    const work = async (repos: { attempts: AttemptLog }) => {
      attempts += 1;
      await repos.attempts.record(userId, `attempt${attempts}@example.com`);
      if (attempts <= failures) throw error;
      return attempts;
    };
    const recorded = async () =>
      (await database.db.select().from(domainEvents).where(eq(domainEvents.userId, userId))).map(
        (row) => (row.payload as { email: string }).email,
      );
    return { work, recorded, attempts: () => attempts };
  }

  it.each(['deadlock_detected', 'serialization_failure'])(
    'runs the work once more after a %s, and only the second run is kept',
    async (condition) => {
      const error = await databaseError(database, condition);
      expect(isRetryableConflict(error)).toBe(true);
      const flaky = flakyWork(error, 1);
      await expect(transactor(database).withTransaction(flaky.work)).resolves.toBe(2);
      expect(await flaky.recorded()).toEqual(['attempt2@example.com']);
    },
  );

  it('answers with the error when the second run meets it too', async () => {
    const error = await databaseError(database, 'deadlock_detected');
    const flaky = flakyWork(error, 2);
    await expect(transactor(database).withTransaction(flaky.work)).rejects.toBe(error);
    expect(flaky.attempts()).toBe(2);
    expect(await flaky.recorded()).toEqual([]);
  });

  it('does not run the work again after any other failure', async () => {
    const error = await databaseError(database, 'unique_violation');
    expect(isRetryableConflict(error)).toBe(false);
    const flaky = flakyWork(error, 1);
    await expect(transactor(database).withTransaction(flaky.work)).rejects.toBe(error);
    expect(flaky.attempts()).toBe(1);
  });
});
