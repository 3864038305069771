import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTransactor } from '../../db/transactor';
import { domainEvents } from '../../db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { DOMAIN_EVENTS_CHANNEL, type NewDomainEvent } from './domain-events';
import { MAX_EVENT_ATTEMPTS, PROCESSED_EVENT_RETENTION_MS } from './event-dispatcher';
import { EventRepository } from './event.repository';

const passwordChanged = (userId: number, email = `u${userId}@example.com`): NewDomainEvent => ({
  type: 'account.password_changed',
  userId,
  payload: { email },
});

describe('domain events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const data = () => createTransactor(t.database.db, { events: (db) => new EventRepository(db) });
  const eventsOf = (userId: number) => t.database.db.select().from(domainEvents).where(eq(domainEvents.userId, userId));

  it('exist only when the change that records them commits', async () => {
    await data().withTransaction((repos) => repos.events.record(passwordChanged(9001), t.clock.now()));
    await expect(
      data().withTransaction(async (repos) => {
        await repos.events.record(passwordChanged(9002), t.clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf(9001)).toHaveLength(1);
    expect(await eventsOf(9002)).toHaveLength(0);
  });

  it('notify listeners on commit, and never for a rolled-back change', async () => {
    const heard: string[] = [];
    const stop = await t.database.listen(DOMAIN_EVENTS_CHANNEL, (payload) => heard.push(payload));
    try {
      await expect(
        data().withTransaction(async (repos) => {
          await repos.events.record(passwordChanged(9003), t.clock.now());
          throw new Error('rolled back');
        }),
      ).rejects.toThrow();
      await data().withTransaction((repos) => repos.events.record(passwordChanged(9004), t.clock.now()));
      const [recorded] = await eventsOf(9004);
      await vi.waitFor(() => expect(heard).toContain(String(recorded!.id)));
      expect(heard).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  // The embedded database has no connections to lose.
  it.runIf(process.env.DATABASE_URL)('keep notifying after the listening connection is lost', async () => {
    const heard: string[] = [];
    const stop = await t.database.listen(DOMAIN_EVENTS_CHANNEL, (payload) => heard.push(payload));
    try {
      const terminated = (await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
      )) as unknown as { rows: unknown[] };
      expect(terminated.rows.length).toBeGreaterThan(0);
      await vi.waitFor(
        async () => {
          await data().withTransaction((repos) => repos.events.record(passwordChanged(9010), t.clock.now()));
          expect(heard.length).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 700 },
      );
    } finally {
      await stop();
    }
  });

  it('reach every subscriber once, with their writes committed alongside', async () => {
    const seen: number[] = [];
    const afterCommit = vi.fn();
    t.app.events.subscribe('account.email_changed', 'probe', async (event, context) => {
      seen.push(event.userId!);
      context.afterCommit(afterCommit);
    });
    await data().withTransaction((repos) =>
      repos.events.record(
        {
          type: 'account.email_changed',
          userId: 9005,
          payload: { oldEmail: 'old@example.com', newEmail: 'new@example.com' },
        },
        t.clock.now(),
      ),
    );
    await t.app.events.dispatchPending();
    await t.app.events.dispatchPending();
    expect(seen).toEqual([9005]);
    expect(afterCommit).toHaveBeenCalledTimes(1);
    const [row] = await eventsOf(9005);
    expect(row!.processedAt).not.toBeNull();
    // The mail subscriber queued the notice to the old address.
    const notice = (await t.mail()).find((message) => message.to.includes('old@example.com'));
    expect(notice?.text).toContain('new@example.com');
  });

  it('retry an event whose subscriber fails, undoing its writes, without holding up the others', async () => {
    let failing = true;
    let attempts = 0;
    // Subscribed after the mail subscriber: the notice it queued first must vanish with the failure.
    t.app.events.subscribe('account.password_changed', 'flaky-probe', async (event) => {
      if (event.userId !== 9006) return;
      attempts += 1;
      if (failing) throw new Error('notifications store down');
    });
    await data().withTransaction(async (repos) => {
      await repos.events.record(passwordChanged(9006, 'flaky@example.com'), t.clock.now());
      await repos.events.record(passwordChanged(9007, 'steady@example.com'), t.clock.now());
    });
    await t.app.events.dispatchPending();

    const [flaky] = await eventsOf(9006);
    expect(flaky).toMatchObject({ processedAt: null, attempts: 1, lastError: 'notifications store down' });
    expect((await eventsOf(9007))[0]!.processedAt).not.toBeNull();
    const sent = await t.mail();
    expect(sent.some((message) => message.to.includes('steady@example.com'))).toBe(true);
    expect(sent.some((message) => message.to.includes('flaky@example.com'))).toBe(false);

    // Not due again until its delay has passed; then it goes through, once.
    failing = false;
    await t.app.events.dispatchPending();
    expect((await eventsOf(9006))[0]!.processedAt).toBeNull();
    t.clock.advance(60_000);
    await t.app.events.dispatchPending();
    expect((await eventsOf(9006))[0]!.processedAt).not.toBeNull();
    expect((await t.mail()).filter((message) => message.to.includes('flaky@example.com'))).toHaveLength(1);
    expect(attempts).toBe(2);
  });

  it(`give an event up after ${MAX_EVENT_ATTEMPTS} failed rounds`, async () => {
    t.app.events.subscribe('account.password_changed', 'broken-probe', async (event) => {
      if (event.userId === 9008) throw new Error('always broken');
    });
    await data().withTransaction((repos) => repos.events.record(passwordChanged(9008), t.clock.now()));
    for (let round = 0; round < MAX_EVENT_ATTEMPTS; round += 1) {
      await t.app.events.dispatchPending();
      t.clock.advance(3 * 60 * 60_000);
    }
    const [row] = await eventsOf(9008);
    expect(row).toMatchObject({ attempts: MAX_EVENT_ATTEMPTS, lastError: 'always broken' });
    expect(row!.processedAt).not.toBeNull();
  });

  it('are pruned once processed and old', async () => {
    await data().withTransaction((repos) => repos.events.record(passwordChanged(9009), t.clock.now()));
    await t.app.events.dispatchPending();
    await t.app.jobs.runNow('events.prune');
    expect(await eventsOf(9009)).toHaveLength(1);
    t.clock.advance(PROCESSED_EVENT_RETENTION_MS + 1_000);
    await t.app.jobs.runNow('events.prune');
    expect(await eventsOf(9009)).toHaveLength(0);
  });

  it('are recorded by a password change, which the owner hears of by e-mail', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customer/change-password',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'Another-Pass9',
        new_password_confirmation: 'Another-Pass9',
      },
    });
    expect(response.statusCode).toBe(200);
    const [event] = await eventsOf(user.id);
    expect(event).toMatchObject({ type: 'account.password_changed', payload: { email: user.email } });
    const notice = (await t.mail()).find((message) => message.to.includes(user.email));
    expect(notice?.subject).toMatch(/password was changed/i);
  });
});
