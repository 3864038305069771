import { setTimeout as sleep } from 'node:timers/promises';
import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISER_HEADER, FIGURES, ROLE, calendarDay } from '@portal/contract';
import { insertCampaigns } from '../../test/campaigns';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { ERROR_MESSAGES } from '../plugins/errors';
import { EVENT_JOBS } from '../modules/events/event-dispatcher';
import { openDatabase, type DatabaseHandle } from './database';
import { campaignStatistics } from './schema';

const WRITERS = 5;
const OUTAGE_MS = 2_000;
/** How long any answer may take while the database is away, and how soon writes work again after. */
const PROMPT_MS = 1_000;

/**
 * No connection was lost to the pool for good: closing a pool waits for every client it handed
 * out, so one that was never given back keeps it open.
 */
async function expectToClose(database: DatabaseHandle) {
  const closing = database.close().then(() => 'closed');
  await expect(Promise.race([closing, sleep(5_000).then(() => 'still waiting')])).resolves.toBe('closed');
}

interface Attempt {
  start: number;
  end: number;
  status: number;
  body: { message?: string; data?: { id: number } };
}

/**
 * The connection to PostgreSQL breaks under concurrent writes (a TCP proxy between the app and
 * the server resets every connection and refuses new ones for two seconds). The process must
 * live on: node-postgres reports a lost connection as an 'error' event, which without a listener
 * is an uncaught exception, and the server's close-with-grace handler shuts down on one.
 */
describe.skipIf(!process.env.DATABASE_URL)('when the connection to PostgreSQL breaks', () => {
  let direct: DatabaseHandle & { url?: string };
  let proxy: TcpProxy;
  let proxied: DatabaseHandle;
  let t: TestApp;
  let appClosed = false;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
    direct = await openTestDatabase();
    const target = new URL(direct.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    proxied = await openDatabase({ databaseUrl: proxy.urlFor(direct.url!) });
    t = await createTestApp({ database: proxied });
  });

  afterAll(async () => {
    // The test closes them itself once it has written.
    if (!appClosed) {
      await t?.close();
      await proxied?.close();
    }
    await proxy?.close();
    await direct?.close();
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });

  it('answers 503 at once while it is down, writes again as soon as it is back, and loses no acknowledged write', async () => {
    const adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
    const customer = await t.createUser();
    const [campaignId] = await insertCampaigns(t, customer.id, [{}]);
    const today = calendarDay(new Date());
    const entry = {
      ...Object.fromEntries(FIGURES.filter((figure) => figure.required).map((figure) => [figure.key, 1])),
      created_at: today,
      date_paid: today,
      dates: [today],
    };
    const heard: string[] = [];
    await proxied.listen('outage_probe', (payload) => heard.push(payload));
    await t.app.events.listen();

    const attempts: Attempt[] = [];
    let writing = true;
    // Each writer sends the same entry for the same campaign, one request after another.
    const writer = async () => {
      while (writing) {
        const start = performance.now();
        const answer = await t.app.inject({
          method: 'POST',
          url: `/api/campaign/add-update-performance-stats/${campaignId}`,
          headers: bearer(adminToken),
          payload: entry,
        });
        attempts.push({ start, end: performance.now(), status: answer.statusCode, body: answer.json() });
        if (answer.statusCode !== 200) await sleep(20);
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);

    await sleep(500);
    const cutAt = performance.now();
    proxy.cut();
    // Background work during the outage fails its round and resolves, as in production.
    await t.app.jobs.runNow(EVENT_JOBS.dispatch);
    // Listening fails while the database is away; asking again later must not subscribe twice.
    await expect(proxied.listen('outage_retry', (payload) => heard.push(`retry:${payload}`))).rejects.toThrow();
    await sleep(OUTAGE_MS - (performance.now() - cutAt));
    const restoredAt = performance.now();
    proxy.restore();
    await sleep(2_000);
    writing = false;
    await Promise.all(writers);

    expect(uncaught).toEqual([]);
    // Requests in flight at the cut, during the outage and after it: acknowledged or 503, never a 500.
    for (const attempt of attempts) {
      expect([200, 503], JSON.stringify(attempt)).toContain(attempt.status);
      if (attempt.status === 503) expect(attempt.body).toEqual({ message: ERROR_MESSAGES.unavailable });
    }
    const during = attempts.filter((attempt) => attempt.start > cutAt && attempt.end < restoredAt);
    expect(during.length).toBeGreaterThan(WRITERS);
    for (const attempt of during) {
      expect(attempt.status).toBe(503);
      expect(attempt.end - attempt.start).toBeLessThan(PROMPT_MS);
    }
    const firstWriteAfter = Math.min(
      ...attempts.filter((attempt) => attempt.status === 200 && attempt.end > restoredAt).map((attempt) => attempt.end),
    );
    expect(firstWriteAfter - restoredAt).toBeLessThan(PROMPT_MS);
    for (const attempt of attempts.filter((attempt) => attempt.start > restoredAt + PROMPT_MS)) {
      expect(attempt.status).toBe(200);
    }

    // Every acknowledged entry is stored. An entry whose answer the cut took away may be stored
    // too (its commit reached the server), but no other.
    const acknowledged = attempts.filter((attempt) => attempt.status === 200).map((attempt) => attempt.body.data!.id);
    expect(acknowledged.filter((id) => id <= 0)).toEqual([]);
    const [stored] = await direct.db
      .select({ rows: count() })
      .from(campaignStatistics)
      .where(inArray(campaignStatistics.id, acknowledged));
    expect(stored!.rows).toBe(acknowledged.length);
    const [all] = await direct.db.select({ rows: count() }).from(campaignStatistics);
    const cutShort = attempts.filter((attempt) => attempt.start < cutAt && attempt.end > cutAt).length;
    expect(all!.rows - acknowledged.length).toBeLessThanOrEqual(cutShort);

    // The listening connection comes back by itself: a NOTIFY sent now reaches this process.
    await expect
      .poll(
        async () => {
          await direct.db.execute(sql`select pg_notify('outage_probe', 'back')`);
          return heard;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toContain('back');
    await proxied.listen('outage_retry', (payload) => heard.push(`retry:${payload}`));
    await direct.db.execute(sql`select pg_notify('outage_retry', 'once')`);
    await expect.poll(() => heard.filter((payload) => payload.startsWith('retry:'))).toEqual(['retry:once']);
    // So do job rounds, which take their advisory lock on a pooled connection.
    const round = await proxied.withAdvisoryLock(1, () => Promise.resolve('done'));
    expect(round).toEqual({ acquired: true, value: 'done' });

    await t.close();
    appClosed = true;
    await expectToClose(proxied);
  });

  it('answers a customer 503, not 500, when the membership check or a team change meets the outage', async () => {
    const database = await openDatabase({ databaseUrl: proxy.urlFor(direct.url!) });
    const app = await createTestApp({ database });
    try {
      const owner = await app.createUser();
      const token = await app.login(owner.email);
      const headers = { ...bearer(token), [ADVERTISER_HEADER]: String(await app.advertiserOf(owner.id)) };
      const calls = () =>
        Array.from({ length: 20 }, (_, index) =>
          index % 2 === 0
            ? app.app.inject({ method: 'GET', url: '/api/customer/my-active-campaigns', headers })
            : app.app.inject({
                method: 'POST',
                url: '/api/customer/team/invitations',
                headers,
                payload: { email: `outage-${index}@example.com`, role: 'viewer' },
              }),
        );
      proxy.cut();
      const during = await Promise.all(calls());
      proxy.restore();
      for (const answer of during) {
        // A session checked a moment ago may come from the cache; the membership never does.
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json()).toEqual({ message: ERROR_MESSAGES.unavailable });
      }
      await sleep(PROMPT_MS);
      const after = await Promise.all(calls());
      expect(after.map((answer) => answer.statusCode).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(201)]);
      expect(uncaught).toEqual([]);
    } finally {
      await app.close();
      await expectToClose(database);
    }
  });

  it('gives the pool back a connection whose transaction broke at BEGIN', async () => {
    const database = await openDatabase({ databaseUrl: proxy.urlFor(direct.url!) });
    try {
      await database.ping();
      proxy.cutOnNextSend();
      await expect(database.db.transaction(() => Promise.resolve())).rejects.toThrow();
      proxy.restore();
      await database.ping();
    } finally {
      await expectToClose(database);
    }
    expect(uncaught).toEqual([]);
  });
});
