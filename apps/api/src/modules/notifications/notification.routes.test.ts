import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES, ROLE, type Notification } from '@portal/contract';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import * as schema from '../../db/schema';
import { SessionRepository } from '../auth';
import { EventRepository } from '../events';
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER } from './notification-hub';
import { NotificationRepository } from './notification.repository';
import { wizardOf } from '../../../test/campaigns';
import {
  bearer,
  createTestApp,
  errorBody,
  TEST_PASSWORD,
  type TestApp,
  type TestAppOptions,
} from '../../../test/test-app';

describe('notifications', () => {
  let t: TestApp;
  let adminToken: string, customerToken: string, otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin, firstName: 'Ada', lastName: 'Admin' })).email);
    customerToken = await t.login((await t.createUser({ firstName: 'Nia', lastName: 'Notified' })).email);
    otherToken = await t.login((await t.createUser()).email);
  });
  afterAll(() => t.close());

  const wizard = wizardOf(() => t);
  const list = (as: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/my-notifications', headers: bearer(as), query });
  const markRead = (as: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/my-notifications/read', headers: bearer(as), payload: payload ?? {} });
  const decide = (id: number, approval_status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/update-campaign-approval-status/${id}`,
      headers: bearer(adminToken),
      payload: { approval_status, ...(approval_status === 'declined' && { decline_reason_code: 'prohibited' }) },
    });

  it('tells administrators of each submission and the customer of each decision, newest first, with unread counts', async () => {
    const first = await wizard.createSubmitted(customerToken, { campaign_name: 'Note one' });
    const second = await wizard.createSubmitted(customerToken, { campaign_name: 'Note two' });
    await t.app.events.dispatchPending();
    const forAdmin = await list(adminToken);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json().data.map((row: Notification) => row.message)).toEqual([
      'Nia Notified submitted the campaign "Note two" for review',
      'Nia Notified submitted the campaign "Note one" for review',
    ]);
    expect(forAdmin.json().unread_count).toBe(2);

    await decide(first.id, 'approved');
    await decide(second.id, 'declined');
    await t.app.events.dispatchPending();
    const forCustomer = (await list(customerToken)).json();
    expect(forCustomer.unread_count).toBe(2);
    expect(forCustomer.data).toHaveLength(2);
    expect(forCustomer.data[0]).toMatchObject({
      event_type: 'review',
      sender: { name: 'Ada Admin', logo: null },
      campaign: { id: second.id, campaign_name: 'Note two', status: 'declined' },
    });
    // Nobody else sees them.
    expect((await list(otherToken)).json()).toMatchObject({ data: [], unread_count: 0 });
  });

  it('pages them and marks read those named, or all; the ids of others change nothing', async () => {
    const page = await list(customerToken, { page: '2', per_page: '1' });
    expect(page.json().pagination).toEqual({ current_page: 2, per_page: 1, last_page: 2, total: 2 });
    const [newest, oldest] = (await list(customerToken)).json().data as Notification[];

    const foreign = (await list(adminToken)).json().data[0] as Notification;
    expect((await markRead(customerToken, { ids: [foreign.id] })).json().unread_count).toBe(2);
    expect((await list(adminToken)).json().unread_count).toBe(2);

    const one = await markRead(customerToken, { ids: [oldest!.id] });
    expect(one.json()).toEqual({ message: NOTIFICATION_MESSAGES.marked, unread_count: 1 });
    const after = (await list(customerToken)).json().data as Notification[];
    expect(after.find((row) => row.id === oldest!.id)!.read_at).not.toBeNull();
    expect(after.find((row) => row.id === newest!.id)!.read_at).toBeNull();

    // A form's ids[0], ids[1] reach the same list.
    expect((await markRead(customerToken, { 'ids[0]': String(newest!.id) })).json().unread_count).toBe(0);
    expect((await markRead(adminToken)).json().unread_count).toBe(0);
  });

  it('refuses ids that are not whole numbers', async () => {
    const answer = await markRead(customerToken, { ids: ['x'] });
    expect(answer.statusCode).toBe(422);
    expect(errorBody(answer).errors).toEqual({ 'ids.0': [NOTIFICATION_MESSAGES.idsInvalid] });
    expect((await t.app.inject({ method: 'GET', url: '/api/my-notifications' })).statusCode).toBe(401);
  });

  describe('the live stream', () => {
    /** Streams must end "at once" on a revocation: far sooner than the 25 s heartbeat would. */
    const AT_ONCE_MS = 3_000;
    let address: string;
    beforeAll(async () => {
      address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    interface OpenedStream {
      reader: ReadableStreamDefaultReader<Uint8Array>;
      /** Everything read so far. */
      text: string;
      /** A read still under way when an earlier wait gave up; the next wait takes it over. */
      pending?: ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>;
    }

    /**
     * Reads until `until` holds of what was read ('matched'), the body ends ('ended'), or `ms`
     * pass ('waited').
     */
    async function readUntil(
      opened: OpenedStream,
      until: (text: string) => boolean,
      ms = 10_000,
    ): Promise<'matched' | 'ended' | 'waited'> {
      const decoder = new TextDecoder();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'waited'>((resolve) => {
        timer = setTimeout(() => resolve('waited'), ms);
      });
      try {
        while (!until(opened.text)) {
          opened.pending ??= opened.reader.read();
          const result = await Promise.race([opened.pending, deadline]);
          if (result === 'waited') return result;
          opened.pending = undefined;
          if (result.done) return 'ended';
          opened.text += decoder.decode(result.value, { stream: true });
        }
        return 'matched';
      } finally {
        clearTimeout(timer);
      }
    }

    /** Whether the body ends within `ms`. */
    const endsWithin = async (opened: OpenedStream, ms: number) =>
      (await readUntil(opened, () => false, ms)) === 'ended';

    async function openStream(token: string, at = address): Promise<OpenedStream> {
      const response = await fetch(`${at}/api/my-notifications/stream`, { headers: bearer(token) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      // Ended streams must not leave keep-alive connections that hold the server's shutdown open.
      expect(response.headers.get('connection')).toBe('close');
      const opened: OpenedStream = { reader: response.body!.getReader(), text: '' };
      expect(await readUntil(opened, (text) => text.includes(': connected'))).toBe('matched');
      return opened;
    }

    /** A second API instance on the same database: its own pool and listener on PostgreSQL. */
    async function secondInstance(options: TestAppOptions = {}) {
      const url = (t.database as DatabaseHandle & { url?: string }).url;
      const database = url ? await openDatabase({ databaseUrl: url }) : t.database;
      const second = await createTestApp({ ...options, database });
      return {
        ...second,
        async close() {
          await second.close();
          if (database !== t.database) await database.close();
        },
      };
    }

    it('delivers a notification written by another API instance on the same database', async () => {
      const second = await secondInstance();
      try {
        const stream = await openStream(customerToken, await second.app.listen({ port: 0, host: '127.0.0.1' }));

        // The decision is made through the first instance; its event becomes the notification there.
        const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'Live one' });
        await decide(campaign.id, 'approved');
        await t.app.events.dispatchPending();

        expect(await readUntil(stream, (received) => received.includes('event: notification'))).toBe('matched');
        const data = JSON.parse(/data: (.*)\n/.exec(stream.text)![1]!);
        expect(data.notification).toMatchObject({
          message: 'Your campaign "Live one" was approved; it starts running once paid',
          campaign: { id: campaign.id },
        });
        expect(data.unread_count).toBe(1);
        await stream.reader.cancel();
      } finally {
        await second.close();
      }
    });

    it('delivers every notification of one commit, in order, each with the unread count when sent', async () => {
      const user = await t.createUser();
      const stream = await openStream(await t.login(user.email));
      const entries = ['First', 'Second', 'Third'].map((message) => ({
        userId: user.id,
        message,
        eventType: 'system' as const,
        senderId: null,
        campaignId: null,
      }));
      // One transaction announces them all at its commit, as an event telling many people does.
      await t.database.db.transaction((tx) => new NotificationRepository(tx).create(entries, new Date()));

      const events = () => [...stream.text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!));
      expect(await readUntil(stream, () => events().length === 3)).toBe('matched');
      expect(events().map((event) => event.notification.message)).toEqual(['First', 'Second', 'Third']);
      const ids = [...stream.text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(events().map((event) => event.unread_count)).toEqual([3, 3, 3]);
      await stream.reader.cancel();
    });

    it('ends at once when the session is banned', async () => {
      const user = await t.createUser();
      const stream = await openStream(await t.login(user.email));
      const ban = await t.app.inject({
        method: 'POST',
        url: `/api/toggle-user-status/${user.id}`,
        headers: bearer(adminToken),
      });
      expect(ban.statusCode).toBe(200);
      expect(await endsWithin(stream, AT_ONCE_MS)).toBe(true);
    });

    it("ends at once on logout; the user's other sessions keep theirs", async () => {
      const user = await t.createUser();
      const token = await t.login(user.email);
      const other = await openStream(await t.login(user.email));
      const stream = await openStream(token);
      const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(logout.statusCode).toBe(200);
      expect(await endsWithin(stream, AT_ONCE_MS)).toBe(true);
      expect(await endsWithin(other, 300)).toBe(false);
      await other.reader.cancel();
    });

    it("ends at once on a password change, every session's stream", async () => {
      const user = await t.createUser();
      const token = await t.login(user.email);
      const streams = [await openStream(token), await openStream(await t.login(user.email))];
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/customer/change-password',
        headers: bearer(token),
        payload: {
          current_password: TEST_PASSWORD,
          new_password: 'Other-horse2',
          new_password_confirmation: 'Other-horse2',
        },
      });
      expect(change.statusCode).toBe(200);
      for (const stream of streams) expect(await endsWithin(stream, AT_ONCE_MS)).toBe(true);
    });

    it('ends at once when another API instance revokes its session, and is not accepted again on a cached check', async () => {
      const second = await secondInstance();
      try {
        const token = await t.login((await t.createUser()).email);
        const stream = await openStream(token);
        const logout = await second.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
        expect(logout.statusCode).toBe(200);
        expect(await endsWithin(stream, AT_ONCE_MS)).toBe(true);
        // Nor can it reopen, or send anything, on the session check this instance cached a moment
        // ago (its clock stands still): the announcement made it forget.
        expect((await list(token)).statusCode).toBe(401);
      } finally {
        await second.close();
      }
    });

    it(`holds ${MAX_STREAMS_PER_SESSION} streams a session: each one more ends the session's oldest`, async () => {
      const user = await t.createUser();
      const token = await t.login(user.email);
      const other = await openStream(await t.login(user.email));
      const streams: OpenedStream[] = [];
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(token));
      streams.push(await openStream(token));
      expect(await endsWithin(streams[0]!, AT_ONCE_MS)).toBe(true);
      streams.push(await openStream(token));
      expect(await endsWithin(streams[1]!, AT_ONCE_MS)).toBe(true);
      for (const open of [other, ...streams.slice(2)]) {
        expect(await endsWithin(open, 100)).toBe(false);
        await open.reader.cancel();
      }
    });

    it(`holds ${MAX_STREAMS_PER_USER} streams a user over all sessions: one more ends the user's oldest`, async () => {
      const user = await t.createUser();
      const streams: OpenedStream[] = [];
      // Each session under its own cap, so only the user's cap can end one.
      let token = '';
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
        if (i % MAX_STREAMS_PER_SESSION === 0) token = await t.login(user.email);
        streams.push(await openStream(token));
      }
      streams.push(await openStream(await t.login(user.email)));
      expect(await endsWithin(streams[0]!, AT_ONCE_MS)).toBe(true);
      for (const open of streams.slice(1)) {
        expect(await endsWithin(open, 100)).toBe(false);
        await open.reader.cancel();
      }
    });

    it("checks every open stream's session in one query each heartbeat, and ends those that no longer stand", async () => {
      const checks = vi.spyOn(SessionRepository.prototype, 'liveAmong');
      const fast = await secondInstance({ streamHeartbeatMs: 200 });
      try {
        const at = await fast.app.listen({ port: 0, host: '127.0.0.1' });
        const users = await Promise.all(Array.from({ length: 6 }, () => t.createUser()));
        const streams = await Promise.all(users.map(async (user) => openStream(await t.login(user.email), at)));
        const sessionIds = (
          await t.database.db
            .select({ id: schema.sessions.id })
            .from(schema.sessions)
            .where(
              inArray(
                schema.sessions.userId,
                users.map((user) => user.id),
              ),
            )
        ).map((row) => row.id);

        checks.mockClear();
        for (const stream of streams) {
          const seen = stream.text.split(': keep-alive').length;
          expect(await readUntil(stream, (text) => text.split(': keep-alive').length > seen)).toBe('matched');
        }
        expect(checks).toHaveBeenCalled();
        for (const [checked] of checks.mock.calls) expect([...checked].sort()).toEqual([...sessionIds].sort());

        // A ban made by hand announces nothing: the next heartbeat finds it.
        await t.database.db.update(schema.users).set({ status: false }).where(eq(schema.users.id, users[0]!.id));
        expect(await endsWithin(streams[0]!, AT_ONCE_MS)).toBe(true);
        for (const open of streams.slice(1)) {
          expect(await endsWithin(open, 100)).toBe(false);
          await open.reader.cancel();
        }
      } finally {
        checks.mockRestore();
        await fast.close();
      }
    });

    it('refuses a stream without a token', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/my-notifications/stream' });
      expect(answer.statusCode).toBe(401);
    });
  });
});

describe('notifications of events recorded by an older version', () => {
  it("tells of events an older version recorded without their campaign's facts, reading them instead", async () => {
    const t = await createTestApp();
    try {
      const adminToken = await t.login(
        (await t.createUser({ roleId: ROLE.admin, firstName: 'Ada', lastName: 'Admin' })).email,
      );
      const customerToken = await t.login((await t.createUser({ firstName: 'Nia', lastName: 'Notified' })).email);
      const list = (as: string) =>
        t.app.inject({ method: 'GET', url: '/api/my-notifications', headers: bearer(as), query: { per_page: '1' } });
      const campaign = await wizardOf(() => t).createSubmitted(customerToken, { campaign_name: 'Note legacy' });
      await t.app.events.dispatchPending();
      const { db } = t.database;
      const [owner] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.id, campaign.id));
      const [admin] = await db.select().from(schema.users).where(eq(schema.users.firstName, 'Ada'));
      const events = new EventRepository(db);
      await events.record(
        { type: 'campaign.submitted', userId: owner!.userId, payload: { campaignId: campaign.id, reason: 'edited' } },
        t.clock.now(),
      );
      await events.record(
        {
          type: 'campaign.reviewed',
          userId: owner!.userId,
          payload: { campaignId: campaign.id, adminId: admin!.id, decision: 'declined', reason: 'Blurry' },
        },
        t.clock.now(),
      );
      await t.app.events.dispatchPending();
      expect((await list(adminToken)).json().data[0].message).toBe(
        'Nia Notified edited the campaign "Note legacy", which is back for review',
      );
      expect((await list(customerToken)).json().data[0]).toMatchObject({
        message: 'Your campaign "Note legacy" was declined. Reason: Blurry',
        sender: { name: 'Ada Admin' },
      });
    } finally {
      await t.close();
    }
  });
});
