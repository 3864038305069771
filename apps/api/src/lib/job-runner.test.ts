import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../../test/test-database';
import { CONCURRENT_ROUNDS, JobRunner, lockKeyOf } from './job-runner';

function recordingLog() {
  const errors: unknown[] = [];
  const log = {
    error: (...args: unknown[]) => errors.push(args),
    warn: (...args: unknown[]) => errors.push(args),
    debug: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { log, errors };
}

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('JobRunner', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('never overlaps rounds of one job, and runs once more when asked during a round', async () => {
    const runner = new JobRunner({ database, log: recordingLog().log });
    const first = gate();
    let active = 0;
    let maxActive = 0;
    let rounds = 0;
    runner.register({
      name: 'overlap-probe',
      run: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        rounds += 1;
        if (rounds === 1) await first.opened;
        active -= 1;
      },
    });

    const running = runner.runNow('overlap-probe');
    await vi.waitFor(() => expect(rounds).toBe(1));
    // Three requests while the first round runs become one more round, not three.
    const waiting = [runner.runNow('overlap-probe'), runner.runNow('overlap-probe'), runner.runNow('overlap-probe')];
    first.open();
    await Promise.all([running, ...waiting]);
    expect(rounds).toBe(2);
    expect(maxActive).toBe(1);
  });

  it(`runs rounds of at most ${CONCURRENT_ROUNDS} jobs at once, each with a query of its own, and all of them`, async () => {
    const { log, errors } = recordingLog();
    const runner = new JobRunner({ database, log });
    let active = 0;
    let maxActive = 0;
    const done: string[] = [];
    // More jobs than the pool has connections (10 on PostgreSQL): each round holds one for its
    // lock and needs another for its query, so unlimited they would wait on each other.
    const names = Array.from({ length: 12 }, (_, index) => `crowd-${index}`);
    for (const name of names) {
      runner.register({
        name,
        run: async () => {
          active += 1;
          maxActive = Math.max(maxActive, active);
          await database.db.execute(sql`select pg_sleep(0.02)`);
          active -= 1;
          done.push(name);
        },
      });
    }
    await Promise.all(names.map((name) => runner.runNow(name)));
    expect(errors).toEqual([]);
    expect(done.sort()).toEqual([...names].sort());
    expect(maxActive).toBe(CONCURRENT_ROUNDS);
  });

  it('runs a round of every periodic job on demand, one after another in the order registered', async () => {
    const runner = new JobRunner({ database, log: recordingLog().log });
    const order: string[] = [];
    const later = gate();
    runner.register({
      name: 'periodic-first',
      everyMs: 60_000,
      run: () => later.opened.then(() => order.push('first')),
    });
    runner.register({ name: 'asked-only', run: async () => order.push('asked') });
    runner.register({ name: 'periodic-second', everyMs: 60_000, run: async () => order.push('second') });

    const done = runner.runPeriodicNow();
    // The second waits for the first to end; a job without a period is not run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    later.open();
    await done;
    expect(order).toEqual(['first', 'second']);
  });

  it('logs a failing round and keeps going', async () => {
    const { log, errors } = recordingLog();
    const runner = new JobRunner({ database, log });
    let calls = 0;
    runner.register({
      name: 'failing-probe',
      run: async () => {
        calls += 1;
        throw new Error('mail server down');
      },
    });
    await expect(runner.runNow('failing-probe')).resolves.toBeUndefined();
    await runner.runNow('failing-probe');
    expect(calls).toBe(2);
    expect(errors).toHaveLength(2);
  });

  it('runs periodic jobs once started, and not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const runner = new JobRunner({ database, log: recordingLog().log });
      let rounds = 0;
      runner.register({ name: 'periodic-probe', everyMs: 1_000, run: async () => void (rounds += 1) });
      runner.register({ name: 'on-demand-probe', run: async () => expect.fail('runs only when asked') });
      runner.start();
      await vi.waitFor(() => expect(rounds).toBe(1));
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(rounds).toBe(2));
      await runner.stop();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(rounds).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a job name registered twice or unknown', async () => {
    const runner = new JobRunner({ database, log: recordingLog().log });
    runner.register({ name: 'twice', run: async () => undefined });
    expect(() => runner.register({ name: 'twice', run: async () => undefined })).toThrow(/registered twice/);
    expect(() => runner.runSoon('nobody')).toThrow(/No job/);
    await expect(runner.runNow('nobody')).rejects.toThrow(/No job/);
  });

  it('gives every job a stable lock key', () => {
    expect(lockKeyOf('mail.deliver')).toBe(lockKeyOf('mail.deliver'));
    expect(lockKeyOf('mail.deliver')).not.toBe(lockKeyOf('events.dispatch'));
    expect(lockKeyOf('events.dispatch')).toBeGreaterThanOrEqual(0);
    expect(lockKeyOf('events.dispatch')).toBeLessThan(2 ** 31);
  });
});

describe('advisory locks', () => {
  let database: DatabaseHandle & { url?: string };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('run the work and release the lock', async () => {
    expect(await database.withAdvisoryLock(42, async () => 'done')).toEqual({ acquired: true, value: 'done' });
    expect(await database.withAdvisoryLock(42, async () => 'again')).toEqual({ acquired: true, value: 'again' });
    await expect(database.withAdvisoryLock(43, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await database.withAdvisoryLock(43, async () => 'released after a failure')).toEqual({
      acquired: true,
      value: 'released after a failure',
    });
  });

  // Two processes are two connections to one PostgreSQL server; an embedded database belongs to one process.
  it.runIf(process.env.DATABASE_URL)('let only one of two processes run a job at a time', async () => {
    const { openDatabase } = await import('../db/database');
    const other = await openDatabase({ databaseUrl: database.url! });
    try {
      const holding = gate();
      const release = gate();
      const first = database.withAdvisoryLock(7, async () => {
        holding.open();
        await release.opened;
        return 'first';
      });
      await holding.opened;
      const runnerLog = recordingLog();
      const otherRunner = new JobRunner({ database: other, log: runnerLog.log });
      let ran = false;
      otherRunner.register({ name: 'contended', run: async () => void (ran = true) });
      expect(await other.withAdvisoryLock(7, async () => 'second')).toEqual({ acquired: false });
      release.open();
      expect(await first).toEqual({ acquired: true, value: 'first' });
      expect(await other.withAdvisoryLock(7, async () => 'second')).toEqual({ acquired: true, value: 'second' });
      await otherRunner.runNow('contended');
      expect(ran).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('lets a web process hand the rounds it asks for to the workers', async () => {
    // On PostgreSQL the two runners are two processes' connections; on PGlite, one connection.
    const { openDatabase } = await import('../db/database');
    const other = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
    const web = new JobRunner({ database, log: recordingLog().log });
    const worker = new JobRunner({ database: other, log: recordingLog().log });
    let webRounds = 0;
    let workerRounds = 0;
    web.register({ name: 'handed-off', run: async () => void (webRounds += 1) });
    worker.register({ name: 'handed-off', run: async () => void (workerRounds += 1) });
    const stopListening = await worker.listenForRequests();
    try {
      web.handOffToWorkers();
      web.runSoon('handed-off');
      await vi.waitFor(() => expect(workerRounds).toBe(1));
      expect(webRounds).toBe(0);
    } finally {
      await stopListening();
      if (other !== database) await other.close();
    }
  });
});
