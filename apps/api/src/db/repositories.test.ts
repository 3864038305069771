import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from './database';
import { createDataAccess, isRetryableConflict, type Repositories } from './repositories';
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
    const work = async (repos: Repositories) => {
      attempts += 1;
      await repos.events.record(
        { type: 'account.password_changed', userId, payload: { email: `attempt${attempts}@example.com` } },
        new Date(),
      );
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
      await expect(createDataAccess(database.db).withTransaction(flaky.work)).resolves.toBe(2);
      expect(await flaky.recorded()).toEqual(['attempt2@example.com']);
    },
  );

  it('answers with the error when the second run meets it too', async () => {
    const error = await databaseError(database, 'deadlock_detected');
    const flaky = flakyWork(error, 2);
    await expect(createDataAccess(database.db).withTransaction(flaky.work)).rejects.toBe(error);
    expect(flaky.attempts()).toBe(2);
    expect(await flaky.recorded()).toEqual([]);
  });

  it('does not run the work again after any other failure', async () => {
    const error = await databaseError(database, 'unique_violation');
    expect(isRetryableConflict(error)).toBe(false);
    const flaky = flakyWork(error, 1);
    await expect(createDataAccess(database.db).withTransaction(flaky.work)).rejects.toBe(error);
    expect(flaky.attempts()).toBe(1);
  });
});
