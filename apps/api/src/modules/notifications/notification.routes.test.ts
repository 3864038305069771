import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, ROLE, type Notification } from '@portal/contract';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

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
      payload: { approval_status },
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
    /** Reads server-sent events from an open response until `until` holds, or fails after 10 s. */
    async function readEvents(response: Response, until: (text: string) => boolean): Promise<string> {
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no matching event within 10 s; got: ${text}`)), 10_000);
      });
      try {
        while (!until(text)) {
          const { value, done } = await Promise.race([reader.read(), deadline]);
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
      } finally {
        clearTimeout(timer);
      }
      reader.releaseLock();
      return text;
    }

    it('delivers a notification written by another API instance on the same database', async () => {
      // A second instance: its own pool and listener on PostgreSQL; the same embedded database otherwise.
      const url = (t.database as DatabaseHandle & { url?: string }).url;
      const secondDatabase = url ? await openDatabase({ databaseUrl: url }) : t.database;
      const second = await createTestApp({ database: secondDatabase });
      try {
        const address = await second.app.listen({ port: 0, host: '127.0.0.1' });
        const stream = await fetch(`${address}/api/my-notifications/stream`, { headers: bearer(customerToken) });
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        // Ended streams must not leave keep-alive connections that hold the server's shutdown open.
        expect(stream.headers.get('connection')).toBe('close');
        await readEvents(stream, (text) => text.includes(': connected'));

        // The decision is made through the first instance; its event becomes the notification there.
        const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'Live one' });
        await decide(campaign.id, 'approved');
        await t.app.events.dispatchPending();

        const text = await readEvents(stream, (received) => received.includes('event: notification'));
        const data = JSON.parse(/data: (.*)\n/.exec(text)![1]!);
        expect(data.notification).toMatchObject({
          message: 'Your campaign "Live one" was approved and your ad is published',
          campaign: { id: campaign.id },
        });
        expect(data.unread_count).toBe(1);
        await stream.body!.cancel();
      } finally {
        await second.close();
        if (secondDatabase !== t.database) await secondDatabase.close();
      }
    });

    it('ends when the session is banned', async () => {
      const user = await t.createUser();
      const token = await t.login(user.email);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await fetch(`${address}/api/my-notifications/stream`, { headers: bearer(token) });
      await readEvents(stream, (text) => text.includes(': connected'));
      const ban = await t.app.inject({
        method: 'POST',
        url: `/api/toggle-user-status/${user.id}`,
        headers: bearer(adminToken),
      });
      expect(ban.statusCode).toBe(200);
      // The body ends: the reader reports done.
      const reader = stream.body!.getReader();
      let done = false;
      while (!done) done = (await reader.read()).done;
      expect(done).toBe(true);
    });

    it('refuses a stream without a token', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/my-notifications/stream' });
      expect(answer.statusCode).toBe(401);
    });
  });
});
