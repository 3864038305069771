import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  DECLINE_REASON_MESSAGES,
  REVIEW_MESSAGES,
  ROLE,
  reviewEndpoints,
  type Campaign,
  type HistoryEntry,
} from '@portal/contract';
import { auditLog, campaigns, sessions } from '../../db/schema';
import { wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, TEST_PASSWORD, type TestApp } from '../../../test/test-app';

describe('the review queue, decisions and bans', () => {
  let t: TestApp;
  let adminToken: string, adminId: number;
  let customerToken: string, customerId: number, customerEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser({ roleId: ROLE.admin, firstName: 'Ada', lastName: 'Admin' });
    adminId = admin.id;
    adminToken = await t.login(admin.email);
    const customer = await t.createUser({ firstName: 'Carla', lastName: 'Customer' });
    customerId = customer.id;
    customerEmail = customer.email;
    customerToken = await t.login(customer.email);
  });
  afterAll(() => t.close());

  const wizard = wizardOf(() => t);
  const requests = (query: Record<string, string>, as = adminToken) =>
    t.app.inject({ method: 'GET', url: '/api/get-campaign-requests', query, headers: bearer(as) });
  const decide = (id: number | string, payload: Record<string, unknown>, as = adminToken) =>
    t.app.inject({ method: 'POST', url: `/api/update-campaign-approval-status/${id}`, headers: bearer(as), payload });
  const reviewPage = (id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/campaign/${id}`, headers: bearer(adminToken) });
  const toggle = (id: number | string, as = adminToken) =>
    t.app.inject({ method: 'POST', url: `/api/toggle-user-status/${id}`, headers: bearer(as) });
  const auditOf = (type: 'campaign' | 'user', id: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.subjectType} = ${type} and ${auditLog.subjectId} = ${id}`)
      .orderBy(auditLog.id);
  /** The caller's newest notification. */
  const newestNotification = async (as: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/my-notifications', headers: bearer(as) })).json().data[0];
  const namesIn = (answer: { json(): { data: Campaign[] } }) => answer.json().data.map((row) => row.campaign_name);

  it('answers 403 to a customer on every administrator endpoint', async () => {
    for (const endpoint of Object.values(reviewEndpoints)) {
      const url = `/api${endpoint.path.replace(':id', '1').replace(':code', 'prohibited')}`;
      const answer = await t.app.inject({ method: endpoint.method, url, headers: bearer(customerToken) });
      expect(answer.statusCode, `${endpoint.method} ${url}`).toBe(403);
    }
  });

  describe('the tabs', () => {
    it('lists pending campaigns newest first, never drafts, and finds them by campaign or customer name', async () => {
      const first = await wizard.createSubmitted(customerToken, { campaign_name: 'Queue first' });
      const second = await wizard.createSubmitted(customerToken, { campaign_name: 'Queue second' });
      await wizard.saveDetails(customerToken, { campaign_name: 'Queue draft' });

      const pending = await requests({ search: 'Queue' });
      expect(pending.statusCode).toBe(200);
      expect(namesIn(pending)).toEqual(['Queue second', 'Queue first']);
      expect(pending.json().data[0]).toMatchObject({
        id: second.id,
        user_first_name: 'Carla',
        user_email: customerEmail,
        approval_status: 'pending',
      });
      expect(pending.json().pagination).toMatchObject({ current_page: 1, per_page: 10, total: 2, last_page: 1 });
      // The customer's name finds them too; the default tab is pending.
      expect(namesIn(await requests({ search: 'carla cust' }))).toEqual(
        expect.arrayContaining(['Queue second', 'Queue first']),
      );
      expect(namesIn(await requests({ search: 'Queue', listing_type: 'active' }))).toEqual([]);
      expect(first.id).toBeLessThan(second.id);
    });

    it("the dashboard's Latest Campaigns are the newest approved ones their customers have not archived", async () => {
      const owner = await t.login((await t.createUser()).email);
      const ids: number[] = [];
      for (const name of ['Latest older', 'Latest newer', 'Latest archived']) {
        const campaign = await wizard.createSubmitted(owner, { campaign_name: name });
        await decide(campaign.id, { approval_status: 'approved' });
        ids.push(campaign.id);
      }
      await t.app.inject({
        method: 'DELETE',
        url: '/api/customer/my-campaigns/soft-delete',
        headers: bearer(owner),
        payload: { campaign_ids: [ids[2]] },
      });
      const latest = await t.app.inject({
        method: 'GET',
        url: '/api/admin/latest-campaigns',
        headers: bearer(adminToken),
      });
      expect(latest.statusCode).toBe(200);
      expect(namesIn(latest)).toEqual(['Latest newer', 'Latest older']);
      // The Approved tab still lists the archived one.
      expect(namesIn(await requests({ listing_type: 'active', search: 'Latest' }))).toEqual([
        'Latest archived',
        'Latest newer',
        'Latest older',
      ]);
    });

    it('refuses an unknown listing type with 422', async () => {
      const answer = await requests({ listing_type: 'archived' });
      expect(answer.statusCode).toBe(422);
      expect(errorBody(answer).errors).toEqual({ listing_type: [REVIEW_MESSAGES.listingTypeInvalid] });
    });
  });

  describe('approve and decline', () => {
    it('approves: published, in the Active tab, the customer told in the app and by e-mail, audited', async () => {
      const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'To approve' });
      const answer = await decide(campaign.id, { approval_status: 'approved' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message).toBe(REVIEW_MESSAGES.approved);
      expect(answer.json().data).toMatchObject({ id: campaign.id, approval_status: 'approved' });
      expect(answer.json().data.published_on).not.toBeNull();

      expect(namesIn(await requests({ listing_type: 'active', search: 'To approve' }))).toEqual(['To approve']);
      const active = await t.app.inject({
        method: 'GET',
        url: '/api/customer/my-active-campaigns',
        headers: bearer(customerToken),
      });
      expect(namesIn(active)).toContain('To approve');

      // Approved is not running yet: the notice says that payment comes first.
      const mail = await t.mail();
      const approvedMail = mail.find(
        (message) => message.to.includes(customerEmail) && /approved/.test(message.subject),
      );
      expect(approvedMail?.subject).toMatch(/^Your campaign was approved — /);
      expect(approvedMail?.text).toContain('Your campaign "To approve" was approved; it starts running once paid.');
      expect(approvedMail?.text).not.toContain('published');
      expect(await newestNotification(customerToken)).toMatchObject({
        message: 'Your campaign "To approve" was approved; it starts running once paid',
        event_type: 'review',
        sender: { name: 'Ada Admin' },
        campaign: { id: campaign.id, campaign_name: 'To approve', status: 'approved' },
        read_at: null,
      });

      expect(await auditOf('campaign', campaign.id)).toEqual([
        expect.objectContaining({ action: 'campaign.submitted', actorId: customerId }),
        expect.objectContaining({
          action: 'campaign.approved',
          actorId: adminId,
          before: { approval_status: 'pending' },
          // The campaign as approved, which the next review compares with.
          after: { approval_status: 'approved', campaign: expect.objectContaining({ campaign_name: 'To approve' }) },
        }),
      ]);
    });

    it('tells the customer what comes next: payment, the switch, or that the campaign is running', async () => {
      /** The newest notification and e-mail after approving `id`, which must say the same. */
      const approveAndRead = async (id: number) => {
        expect((await decide(id, { approval_status: 'approved' })).statusCode).toBe(200);
        const mail = (await t.mail()).find((message) => message.to.includes(customerEmail))!;
        const { message } = await newestNotification(customerToken);
        expect(mail.text).toContain(`${message}.`);
        return message as string;
      };
      const update = (id: number, payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: `/api/customer/my-campaigns/update/${id}`,
          headers: bearer(customerToken),
          payload,
        });

      const paused = await wizard.createSubmitted(customerToken, { campaign_name: 'Paused one', status: 'paused' });
      expect(await approveAndRead(paused.id)).toBe(
        'Your campaign "Paused one" was approved; it starts running once paid and switched on',
      );

      // Paid, then edited and approved again: nothing is due any more, it runs.
      const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'Paid one' });
      await decide(campaign.id, { approval_status: 'approved' });
      // Its notice tells of the campaign as it was approved: out before the campaign changes.
      await t.app.events.dispatchPending();
      await t.database.db.update(campaigns).set({ paymentStatus: 'paid' }).where(eq(campaigns.id, campaign.id));
      expect((await update(campaign.id, { campaign_name: 'Paid one again' })).json().data.approval_status).toBe(
        'pending',
      );
      expect(await approveAndRead(campaign.id)).toBe('Your campaign "Paid one again" was approved and is running');

      // Paid but switched off: the switch is what is left.
      await update(campaign.id, { on_off: 'off' });
      await update(campaign.id, { campaign_name: 'Paid and off' });
      expect(await approveAndRead(campaign.id)).toBe(
        'Your campaign "Paid and off" was approved and is paid; it starts running when you switch it on',
      );
    });

    it('declines with a reason code and a note, which the customer reads in the Pending tab, the notification and the e-mail', async () => {
      const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'To decline' });
      const answer = await decide(campaign.id, {
        approval_status: 'declined',
        decline_reason_code: 'destination_link',
        decline_note: '  The page answers 404  ',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message).toBe(REVIEW_MESSAGES.declined);
      const told = 'Destination link does not work. The page answers 404';
      expect(answer.json().data).toMatchObject({
        approval_status: 'declined',
        decline_reason: told,
        decline_reason_code: 'destination_link',
        decline_note: 'The page answers 404',
      });
      const pending = await t.app.inject({
        method: 'GET',
        url: '/api/customer/my-pending-campaigns',
        headers: bearer(customerToken),
        query: { search: 'To decline' },
      });
      expect(pending.json().data[0]).toMatchObject({ approval_status: 'declined', decline_reason: told });
      const mail = await t.mail();
      const declined = mail.find((message) => message.to.includes(customerEmail) && /declined/.test(message.subject));
      expect(declined?.text).toContain(`Reason: ${told}`);
      expect((await newestNotification(customerToken)).message).toBe(
        `Your campaign "To decline" was declined. Reason: ${told}`,
      );
      expect((await auditOf('campaign', campaign.id)).at(-1)).toMatchObject({
        action: 'campaign.declined',
        after: {
          approval_status: 'declined',
          reason: told,
          reason_code: 'destination_link',
          reason_text: 'Destination link does not work',
          note: 'The page answers 404',
        },
      });
      // Without a note: the reason's text alone.
      const bare = await wizard.createSubmitted(customerToken, { campaign_name: 'No note' });
      const plain = await decide(bare.id, { approval_status: 'declined', decline_reason_code: 'prohibited' });
      expect(plain.json().data).toMatchObject({ decline_reason: 'Prohibited content', decline_note: null });
    });

    it('refuses a decline without a reason code, a note over 500 characters, another status, and an unknown or draft campaign', async () => {
      const campaign = await wizard.createSubmitted(customerToken);
      const none = await decide(campaign.id, { approval_status: 'declined' });
      expect(none.statusCode).toBe(422);
      expect(errorBody(none).errors).toEqual({ decline_reason_code: [DECLINE_REASON_MESSAGES.codeRequired] });
      const long = await decide(campaign.id, {
        approval_status: 'declined',
        decline_reason_code: 'prohibited',
        decline_note: 'x'.repeat(501),
      });
      expect(long.statusCode).toBe(422);
      expect(errorBody(long).errors).toEqual({ decline_note: [DECLINE_REASON_MESSAGES.noteTooLong] });
      const unknown = await decide(campaign.id, { approval_status: 'declined', decline_reason_code: 'no_such' });
      expect(unknown.statusCode).toBe(422);
      expect(errorBody(unknown).errors).toEqual({ decline_reason_code: [DECLINE_REASON_MESSAGES.codeNotInUse] });
      const other = await decide(campaign.id, { approval_status: 'pending' });
      expect(errorBody(other).errors).toEqual({ approval_status: [REVIEW_MESSAGES.approvalStatusInvalid] });
      expect((await decide(999_999, { approval_status: 'approved' })).statusCode).toBe(404);
      expect((await decide('abc', { approval_status: 'approved' })).statusCode).toBe(404);
      const draft = await wizard.saveDetails(customerToken);
      expect((await decide(draft.id, { approval_status: 'approved' })).statusCode).toBe(404);
      expect((await reviewPage(draft.id)).statusCode).toBe(404);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/customer/campaign-draft/${draft.id}`,
        headers: bearer(customerToken),
      });
    });

    it('lets only one of two administrators deciding at once succeed; a decided campaign answers 409', async () => {
      const otherAdmin = await t.createUser({ roleId: ROLE.admin });
      const otherToken = await t.login(otherAdmin.email);
      const campaign = await wizard.createSubmitted(customerToken);
      const answers = await Promise.all([
        decide(campaign.id, { approval_status: 'approved' }),
        decide(campaign.id, { approval_status: 'declined', decline_reason_code: 'prohibited' }, otherToken),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(errorBody(answers.find((answer) => answer.statusCode === 409)!).message).toBe(REVIEW_MESSAGES.notPending);
      const decisions = (await auditOf('campaign', campaign.id)).filter((row) => row.action !== 'campaign.submitted');
      expect(decisions).toHaveLength(1);
      expect((await decide(campaign.id, { approval_status: 'approved' })).statusCode).toBe(409);
    });

    it('cannot decide a pending campaign its customer withdrew (archived)', async () => {
      const campaign = await wizard.createSubmitted(customerToken);
      await t.app.inject({
        method: 'DELETE',
        url: '/api/customer/my-campaigns/soft-delete',
        headers: bearer(customerToken),
        payload: { campaign_ids: [campaign.id] },
      });
      expect((await decide(campaign.id, { approval_status: 'approved' })).statusCode).toBe(409);
    });
  });

  describe('resubmission and edits', () => {
    it('a declined campaign, resubmitted, returns to Pending and the administrators hear of it', async () => {
      const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'Second try' });
      await decide(campaign.id, { approval_status: 'declined', decline_reason_code: 'image_size' });
      const resubmitted = await t.app.inject({
        method: 'POST',
        url: `/api/customer/my-campaigns/resubmit/${campaign.id}`,
        headers: bearer(customerToken),
      });
      expect(resubmitted.json().data).toMatchObject({ approval_status: 'pending', decline_reason: null });
      expect(namesIn(await requests({ search: 'Second try' }))).toEqual(['Second try']);
      await t.app.events.dispatchPending();
      expect(await newestNotification(adminToken)).toMatchObject({
        message: 'Carla Customer resubmitted the campaign "Second try" for review',
        event_type: 'request',
        sender: { name: 'Carla Customer' },
      });
    });

    it('a new name sends an approved campaign back to review; the switch alone does not', async () => {
      const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'Risky edit' });
      await decide(campaign.id, { approval_status: 'approved' });
      const update = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: `/api/customer/my-campaigns/update/${campaign.id}`,
          headers: bearer(customerToken),
          payload,
        });
      expect((await update({ on_off: 'off' })).json().data.approval_status).toBe('approved');
      expect((await update({ campaign_name: 'Risky edit 2' })).json().data.approval_status).toBe('pending');
      const history: HistoryEntry[] = (await reviewPage(campaign.id)).json().data.history;
      expect(history.map((entry) => entry.action)).toEqual([
        'campaign.submitted',
        'campaign.approved',
        'campaign.edited',
        'campaign.submitted',
      ]);
      expect(history[1]!.actor).toEqual({ id: adminId, name: 'Ada Admin' });
      expect(history[2]).toMatchObject({
        before: { campaign_name: 'Risky edit' },
        after: { campaign_name: 'Risky edit 2' },
      });
    });

    it('the review page answers the campaign with its files and history', async () => {
      const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'Review page' });
      const answer = await reviewPage(campaign.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({
        id: campaign.id,
        campaign_name: 'Review page',
        campaign_content: [expect.objectContaining({ name: 'photo.png' })],
        history: [
          expect.objectContaining({ action: 'campaign.submitted', actor: { id: customerId, name: 'Carla Customer' } }),
        ],
      });
      expect((await reviewPage('x')).statusCode).toBe(404);
    });
  });

  describe('bans', () => {
    it('a ban ends every session, switches campaigns off and blocks login; an unban restores login only', async () => {
      const user = await t.createUser({ firstName: 'Bo', lastName: 'Banned' });
      const token = await t.login(user.email);
      const secondToken = await t.login(user.email);
      const approved = await wizard.createSubmitted(token, { campaign_name: 'Ban approved' });
      await decide(approved.id, { approval_status: 'approved' });
      const pending = await wizard.createSubmitted(token, { campaign_name: 'Ban pending' });

      const preview = await t.app.inject({
        method: 'GET',
        url: `/api/admin/user/${user.id}`,
        headers: bearer(adminToken),
      });
      expect(preview.json().data.campaigns_to_switch_off.map((row: { id: number }) => row.id)).toEqual([
        approved.id,
        pending.id,
      ]);

      const banned = await toggle(user.id);
      expect(banned.statusCode).toBe(200);
      expect(banned.json()).toEqual({
        message: REVIEW_MESSAGES.userStatusUpdated,
        data: { id: user.id, status: false },
      });
      for (const bearerToken of [token, secondToken]) {
        const read = await t.app.inject({
          method: 'GET',
          url: '/api/customer/current-session',
          headers: bearer(bearerToken),
        });
        expect(read.statusCode).toBe(401);
      }
      const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(live.every((session) => session.revokedAt !== null)).toBe(true);
      const rows = await t.database.db.select().from(campaigns).where(eq(campaigns.userId, user.id));
      expect(rows.map((row) => row.onOff)).toEqual(['off', 'off']);

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(403);
      expect(errorBody(login).message).toMatch(/^Your account has been suspended\. Contact /);
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/get-all-users',
        headers: bearer(adminToken),
        query: { search: user.email },
      });
      expect(listed.json().data).toEqual([
        {
          id: user.id,
          first_name: 'Bo',
          last_name: 'Banned',
          email: user.email,
          total_spent: 0,
          status: false,
          type: ROLE.customer,
        },
      ]);

      const unbanned = await toggle(user.id);
      expect(unbanned.json().data).toEqual({ id: user.id, status: true });
      expect(await t.login(user.email)).toBeTruthy();
      const after = await t.database.db.select().from(campaigns).where(eq(campaigns.userId, user.id));
      expect(after.map((row) => row.onOff)).toEqual(['off', 'off']);

      const history = (
        await t.app.inject({ method: 'GET', url: `/api/admin/user/${user.id}`, headers: bearer(adminToken) })
      ).json().data.history as HistoryEntry[];
      expect(history.map((entry) => entry.action)).toEqual(['campaign.approved', 'user.banned', 'user.unbanned']);
      expect(history[1]).toMatchObject({
        actor: { id: adminId, name: 'Ada Admin' },
        before: { status: true },
        after: { status: false, campaigns_switched_off: [approved.id, pending.id] },
      });
    });

    it('leaves archived campaigns out of what a ban switches off, and names the campaign of each history line', async () => {
      const user = await t.createUser({ firstName: 'Ari', lastName: 'Archiver' });
      const token = await t.login(user.email);
      const running = await wizard.createSubmitted(token, { campaign_name: 'Still running' });
      await decide(running.id, { approval_status: 'approved' });
      const finished = await wizard.createSubmitted(token, { campaign_name: 'Archived approved' });
      await decide(finished.id, { approval_status: 'approved' });
      const withdrawn = await wizard.createSubmitted(token, { campaign_name: 'Archived pending' });
      const archive = await t.app.inject({
        method: 'DELETE',
        url: '/api/customer/my-campaigns/soft-delete',
        headers: bearer(token),
        payload: { campaign_ids: [finished.id, withdrawn.id] },
      });
      expect(archive.statusCode).toBe(200);

      const preview = await t.app.inject({
        method: 'GET',
        url: `/api/admin/user/${user.id}`,
        headers: bearer(adminToken),
      });
      expect(preview.json().data.campaigns_to_switch_off).toEqual([
        { id: running.id, campaign_name: 'Still running', approval_status: 'approved' },
      ]);
      // The ban switches off what the dialog listed, and no more.
      await toggle(user.id);
      const history = (
        await t.app.inject({ method: 'GET', url: `/api/admin/user/${user.id}`, headers: bearer(adminToken) })
      ).json().data.history as HistoryEntry[];
      expect(history.map((entry) => [entry.action, entry.campaign])).toEqual([
        ['campaign.approved', { id: running.id, campaign_name: 'Still running' }],
        ['campaign.approved', { id: finished.id, campaign_name: 'Archived approved' }],
        ['user.banned', null],
      ]);
      expect(history[2]!.after).toMatchObject({ campaigns_switched_off: [running.id] });
      // The review page's History carries its campaign too.
      const page: HistoryEntry[] = (await reviewPage(running.id)).json().data.history;
      expect(page.every((entry) => entry.campaign?.campaign_name === 'Still running')).toBe(true);
    });

    it('refuses to ban oneself or another administrator, and an unknown user', async () => {
      const self = await toggle(adminId);
      expect(self.statusCode).toBe(409);
      expect(errorBody(self).message).toBe(REVIEW_MESSAGES.cannotBanSelf);
      const other = await t.createUser({ roleId: ROLE.admin });
      const answer = await toggle(other.id);
      expect(answer.statusCode).toBe(409);
      expect(errorBody(answer).message).toBe(REVIEW_MESSAGES.cannotBanAdmin);
      expect((await toggle(999_999)).statusCode).toBe(404);
      expect((await toggle('me')).statusCode).toBe(404);
      expect(await auditOf('user', adminId)).toEqual([]);
    });

    it('the users list searches name and e-mail, newest first', async () => {
      const user = await t.createUser({ firstName: 'Zed', lastName: 'Searchable' });
      const byName = await t.app.inject({
        method: 'GET',
        url: '/api/get-all-users',
        headers: bearer(adminToken),
        query: { search: 'zed search' },
      });
      expect(byName.json().data.map((row: { id: number }) => row.id)).toEqual([user.id]);
      const all = await t.app.inject({ method: 'GET', url: '/api/get-all-users', headers: bearer(adminToken) });
      expect(all.json().data[0].id).toBe(user.id);
      expect(all.json().pagination.per_page).toBe(10);
    });
  });

  it('the audit trail cannot be changed or deleted, even by a query', async () => {
    await expect(t.database.db.update(auditLog).set({ action: 'forged' })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
  });
});
