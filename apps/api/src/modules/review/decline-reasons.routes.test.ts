import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ADVERTISER_MESSAGES,
  DECLINE_REASON_LIMITS,
  DECLINE_REASON_MESSAGES,
  ROLE,
  SEEDED_DECLINE_REASONS,
  type ChangesSinceDecision,
  type DeclineCounts,
  type DeclineReason,
} from '@portal/contract';
import { auditLog, declineReasons, mediaFiles } from '../../db/schema';
import { wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

describe('decline reasons, the changes since a decision and trusted advertisers', () => {
  let t: TestApp;
  let adminToken: string;
  let customerToken: string;
  let customerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin, firstName: 'Ada' })).email);
    const customer = await t.createUser({ firstName: 'Carla', lastName: 'Customer' });
    customerId = customer.id;
    customerToken = await t.login(customer.email);
  });
  afterAll(() => t.close());

  const wizard = wizardOf(() => t);
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, as = adminToken) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(as), payload: payload as Record<string, unknown> });
  const decide = (id: number, payload: Record<string, unknown>, as = adminToken) =>
    call('POST', `/update-campaign-approval-status/${id}`, payload, as);
  const edit = (id: number, payload: Record<string, unknown>, as = customerToken) =>
    call('POST', `/customer/my-campaigns/update/${id}`, payload, as);
  const resubmit = (id: number, as = customerToken) => call('POST', `/customer/my-campaigns/resubmit/${id}`, {}, as);
  const changesOf = async (id: number) =>
    (await call('GET', `/admin/campaign/${id}`)).json().data.changes_since_decision as ChangesSinceDecision | null;
  const actionsOf = async (id: number) =>
    (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'campaign'), eq(auditLog.subjectId, id)))
        .orderBy(auditLog.id)
    ).map((row) => row.action);

  describe('the reasons', () => {
    it('starts with the seeded reasons, in their order', async () => {
      const list = await call('GET', '/admin/decline-reasons');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((reason: DeclineReason) => [reason.code, reason.text])).toEqual(
        SEEDED_DECLINE_REASONS.map((reason) => [reason.code, reason.text]),
      );
      expect(list.json().data.every((reason: DeclineReason) => reason.retired_at === null)).toBe(true);
    });

    it('answers 403 to a customer on every reason endpoint', async () => {
      for (const [method, url] of [
        ['GET', '/admin/decline-reasons'],
        ['POST', '/admin/decline-reasons'],
        ['PATCH', '/admin/decline-reasons/prohibited'],
        ['GET', '/admin/decline-reasons/counts'],
        ['PUT', '/admin/advertisers/1/trusted'],
      ] as const) {
        expect((await call(method, url, {}, customerToken)).statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it('adds a reason, refusing a bad or taken code and a bad text with 422 or 409', async () => {
      const added = await call('POST', '/admin/decline-reasons', { code: 'logo_blurry', text: '  Logo is blurry ' });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        message: DECLINE_REASON_MESSAGES.created,
        data: { code: 'logo_blurry', text: 'Logo is blurry', retired_at: null },
      });
      const refusals: [Record<string, unknown>, string, string][] = [
        [{ code: 'Bad Code', text: 'x' }, 'code', DECLINE_REASON_MESSAGES.codeInvalid],
        [{ code: '1st', text: 'x' }, 'code', DECLINE_REASON_MESSAGES.codeInvalid],
        [{ code: 'a'.repeat(41), text: 'x' }, 'code', DECLINE_REASON_MESSAGES.codeInvalid],
        [{ code: 'fine_code', text: '   ' }, 'text', DECLINE_REASON_MESSAGES.textRequired],
        [{ code: 'fine_code', text: 'x'.repeat(121) }, 'text', DECLINE_REASON_MESSAGES.textTooLong],
        [{ code: 'fine_code' }, 'text', DECLINE_REASON_MESSAGES.textRequired],
      ];
      for (const [body, field, message] of refusals) {
        const answer = await call('POST', '/admin/decline-reasons', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(422);
        expect(errorBody(answer).errors).toEqual({ [field]: [message] });
      }
      const taken = await call('POST', '/admin/decline-reasons', { code: 'prohibited', text: 'Again' });
      expect(taken.statusCode).toBe(409);
      expect(errorBody(taken).message).toBe(DECLINE_REASON_MESSAGES.codeTaken);
    });

    it('keeps at most the limit of reasons, also when added at once', async () => {
      const { count } = (
        await t.database.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(declineReasons)
      )[0]!;
      const room = DECLINE_REASON_LIMITS.maxReasons - count;
      const answers = await Promise.all(
        Array.from({ length: room + 2 }, (_, i) =>
          call('POST', '/admin/decline-reasons', { code: `extra_${i}`, text: `Extra ${i}` }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(room);
      const refused = answers.filter((answer) => answer.statusCode === 409);
      expect(refused).toHaveLength(2);
      expect(errorBody(refused[0]!).message).toBe(DECLINE_REASON_MESSAGES.tooMany);
      // Make room again for the other tests: these rows are the test's own.
      await t.database.db.delete(declineReasons).where(sql`${declineReasons.code} like 'extra_%'`);
    });

    it('renames: later declines use the new text, past ones keep what the customer was told', async () => {
      const first = await wizard.createSubmitted(customerToken, { campaign_name: 'Renamed before' });
      await decide(first.id, {
        approval_status: 'declined',
        decline_reason_code: 'logo_blurry',
        decline_note: 'Top left',
      });
      const renamed = await call('PATCH', '/admin/decline-reasons/logo_blurry', { text: 'Logo is not sharp' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data).toMatchObject({ code: 'logo_blurry', text: 'Logo is not sharp' });
      const page = (await call('GET', `/admin/campaign/${first.id}`)).json().data;
      expect(page.decline_reason).toBe('Logo is blurry. Top left');
      expect(page.history.at(-1).after).toMatchObject({
        reason: 'Logo is blurry. Top left',
        reason_text: 'Logo is blurry',
      });
      const second = await wizard.createSubmitted(customerToken, { campaign_name: 'Renamed after' });
      const declined = await decide(second.id, { approval_status: 'declined', decline_reason_code: 'logo_blurry' });
      expect(declined.json().data.decline_reason).toBe('Logo is not sharp');
    });

    it('retires: the reason stays on past declines but cannot be chosen; it can be brought back', async () => {
      const past = await wizard.createSubmitted(customerToken, { campaign_name: 'Retired reason' });
      await decide(past.id, { approval_status: 'declined', decline_reason_code: 'logo_blurry' });
      const retired = await call('PATCH', '/admin/decline-reasons/logo_blurry', { retired: true });
      expect(retired.statusCode).toBe(200);
      expect(retired.json().data.retired_at).not.toBeNull();
      const row = (await call('GET', `/admin/campaign/${past.id}`)).json().data;
      expect(row).toMatchObject({ decline_reason_code: 'logo_blurry', decline_reason: 'Logo is not sharp' });
      const campaign = await wizard.createSubmitted(customerToken);
      const refused = await decide(campaign.id, { approval_status: 'declined', decline_reason_code: 'logo_blurry' });
      expect(refused.statusCode).toBe(422);
      expect(errorBody(refused).errors).toEqual({ decline_reason_code: [DECLINE_REASON_MESSAGES.codeNotInUse] });
      const back = await call('PATCH', '/admin/decline-reasons/logo_blurry', { retired: false });
      expect(back.json().data.retired_at).toBeNull();
      expect(
        (await decide(campaign.id, { approval_status: 'declined', decline_reason_code: 'logo_blurry' })).statusCode,
      ).toBe(200);
    });

    it('refuses an empty change, a bad text and an unknown code', async () => {
      const empty = await call('PATCH', '/admin/decline-reasons/prohibited', {});
      expect(empty.statusCode).toBe(422);
      expect(errorBody(empty).message).toBe(DECLINE_REASON_MESSAGES.nothingToChange);
      const long = await call('PATCH', '/admin/decline-reasons/prohibited', { text: 'x'.repeat(121) });
      expect(errorBody(long).errors).toEqual({ text: [DECLINE_REASON_MESSAGES.textTooLong] });
      expect((await call('PATCH', '/admin/decline-reasons/prohibited', { retired: 'yes' })).statusCode).toBe(422);
      expect((await call('PATCH', '/admin/decline-reasons/no_such_reason', { text: 'x' })).statusCode).toBe(404);
    });

    it('counts declines per reason and month over the last 12 months, with free-text declines apart', async () => {
      const before = (await call('GET', '/admin/decline-reasons/counts')).json();
      expect(before.months).toHaveLength(DECLINE_REASON_LIMITS.countMonths);
      const now = t.clock.now();
      const thisMonth = now.toISOString().slice(0, 7);
      expect(before.months.at(-1)).toBe(thisMonth);
      const line = (answer: DeclineCounts, code: string | null) => answer.data.find((row) => row.code === code);
      const textTooLong = line(before, 'text_too_long')!.counts.at(-1)!;
      // One decline now, one two months ago, one 13 months ago (outside), and a free-text one from before codes.
      for (const monthsBack of [0, 2, 13]) {
        t.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 15)));
        const campaign = await wizard.createSubmitted(customerToken);
        await decide(campaign.id, { approval_status: 'declined', decline_reason_code: 'text_too_long' });
      }
      t.clock.set(now);
      const old = await wizard.createSubmitted(customerToken);
      await t.database.db.insert(auditLog).values({
        actorId: null,
        action: 'campaign.declined',
        subjectType: 'campaign',
        subjectId: old.id,
        after: { approval_status: 'declined', reason: 'Too dark' },
        createdAt: now,
      });
      const after = (await call('GET', '/admin/decline-reasons/counts')).json();
      const counts = line(after, 'text_too_long')!.counts;
      expect(counts.at(-1)).toBe(textTooLong + 1);
      expect(counts.at(-3)).toBe(line(before, 'text_too_long')!.counts.at(-3)! + 1);
      expect(line(after, 'text_too_long')!.total).toBe(line(before, 'text_too_long')!.total + 2);
      expect(line(after, null)).toMatchObject({ code: null, total: 1 });
      expect(line(after, 'logo_blurry')).toMatchObject({ text: 'Logo is not sharp', retired: false });
    });
  });

  describe('the changes since the last decision', () => {
    it('is null before any decision', async () => {
      const campaign = await wizard.createSubmitted(customerToken);
      expect(await changesOf(campaign.id)).toBeNull();
    });

    it('lists each field changed, keywords and media added and removed, after a decline and a resubmission', async () => {
      const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'Diffed', budget_amount: 40 });
      await decide(campaign.id, { approval_status: 'declined', decline_reason_code: 'missing_brand' });
      const unchanged = await changesOf(campaign.id);
      expect(unchanged).toMatchObject({ decision: 'declined', fields: [], keywords: { added: [], removed: [] } });
      const edited = await edit(campaign.id, {
        campaign_name: 'Diffed by Brand',
        ad_title: 'Brand shoes for spring',
        ad_description: 'Brand delivery',
        destination_url: 'https://shop.example.com/brand',
        start_date: '2099-01-01',
        end_date: '2099-02-01',
        keywords: ['spring', 'brand', 'shoes'],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      // No endpoint changes a submitted campaign's budget or files yet: set as another path would.
      await wizard.setState(campaign.id, { budgetType: 'lifetime', budgetAmount: '55.50' });
      const oldKey = campaign.campaign_content[0]!.s3_key;
      const newKey = await wizard.upload(customerToken);
      await t.database.db.update(mediaFiles).set({ campaignId: null }).where(eq(mediaFiles.key, oldKey));
      await t.database.db
        .update(mediaFiles)
        .set({ campaignId: campaign.id, position: 0 })
        .where(eq(mediaFiles.key, newKey));
      expect((await resubmit(campaign.id)).statusCode).toBe(200);
      const changes = (await changesOf(campaign.id))!;
      expect(changes.decision).toBe('declined');
      expect(changes.fields).toEqual([
        { field: 'campaign_name', before: 'Diffed', after: 'Diffed by Brand' },
        { field: 'ad_title', before: 'New shoes for spring', after: 'Brand shoes for spring' },
        { field: 'ad_description', before: 'Free delivery this week', after: 'Brand delivery' },
        {
          field: 'destination_url',
          before: 'https://shop.example.com/spring',
          after: 'https://shop.example.com/brand',
        },
        { field: 'budget_type', before: 'daily', after: 'lifetime' },
        { field: 'budget_amount', before: 40, after: 55.5 },
        { field: 'start_date', before: null, after: '2099-01-01' },
        { field: 'end_date', before: null, after: '2099-02-01' },
      ]);
      expect(changes.keywords).toEqual({ added: ['brand'], removed: ['launch'] });
      expect(changes.media).toEqual({
        added: [{ s3_key: newKey, name: 'photo.png' }],
        removed: [{ s3_key: oldKey, name: 'photo.png' }],
      });
      // Approved, it is compared with the campaign as approved: nothing yet.
      await decide(campaign.id, { approval_status: 'approved' });
      expect(await changesOf(campaign.id)).toMatchObject({ decision: 'approved', fields: [] });
    });

    it('compares a decision recorded before snapshots with the values the later edits replaced', async () => {
      const campaign = await wizard.createSubmitted(customerToken, { campaign_name: 'Old decision' });
      await decide(campaign.id, { approval_status: 'approved' });
      // The decision as rows written before this release were: no snapshot of the campaign.
      await t.database.db.insert(auditLog).values({
        actorId: null,
        action: 'campaign.approved',
        subjectType: 'campaign',
        subjectId: campaign.id,
        before: { approval_status: 'pending' },
        after: { approval_status: 'approved' },
        createdAt: t.clock.now(),
      });
      await edit(campaign.id, { campaign_name: 'Old decision renamed' });
      const changes = (await changesOf(campaign.id))!;
      expect(changes.fields).toEqual([
        { field: 'campaign_name', before: 'Old decision', after: 'Old decision renamed' },
      ]);
      expect(changes.media).toEqual({ added: [], removed: [] });
    });
  });

  describe('trusted advertisers', () => {
    let advertiserId: number;
    beforeAll(async () => {
      advertiserId = await t.advertiserOf(customerId);
    });
    const trust = (trusted: unknown, id: number | string = advertiserId) =>
      call('PUT', `/admin/advertisers/${id}/trusted`, { trusted });
    const approved = async (name: string) => {
      const campaign = await wizard.createSubmitted(customerToken, { campaign_name: name });
      await decide(campaign.id, { approval_status: 'approved' });
      return campaign;
    };

    it('an untrusted account’s text edit sends an approved campaign back to review', async () => {
      const campaign = await approved('Untrusted texts');
      const answer = await edit(campaign.id, { ad_title: 'Other words' });
      expect(answer.json().data).toMatchObject({ approval_status: 'pending', ad_title: 'Other words' });
      expect((await actionsOf(campaign.id)).slice(-2)).toEqual(['campaign.edited', 'campaign.submitted']);
    });

    it('marking and unmarking is an audited administrator action, shown on the account', async () => {
      const marked = await trust(true);
      expect(marked.statusCode).toBe(200);
      expect(marked.json().message).toBe(ADVERTISER_MESSAGES.trustedNow);
      const accounts = (await call('GET', `/admin/user/${customerId}/advertisers`)).json().data;
      expect(accounts[0]).toMatchObject({ advertiser_id: advertiserId, trusted: true });
      // Marking again changes nothing and records nothing.
      await trust(true);
      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'advertiser'), eq(auditLog.subjectId, advertiserId)));
      expect(rows.filter((row) => row.action === 'advertiser.trusted')).toHaveLength(1);
      expect(rows.at(-1)).toMatchObject({ before: { trusted: false }, after: { trusted: true } });
      expect((await trust('yes')).statusCode).toBe(422);
      expect((await trust(true, 999_999)).statusCode).toBe(404);
    });

    it('a trusted account’s edit of texts or keywords only keeps the campaign approved, recorded apart', async () => {
      const campaign = await approved('Trusted texts');
      const answer = await edit(campaign.id, {
        ad_title: 'Trusted words',
        ad_description: 'More trusted words',
        keywords: ['spring', 'trusted', 'shoes'],
        on_off: 'off',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({
        approval_status: 'approved',
        ad_title: 'Trusted words',
        keywords: ['spring', 'trusted', 'shoes'],
      });
      const history = (await call('GET', `/admin/campaign/${campaign.id}`)).json().data.history;
      expect(history.at(-1)).toMatchObject({
        action: 'campaign.edited_trusted',
        actor: { id: customerId },
        before: { ad_title: 'New shoes for spring', keywords: ['spring', 'launch', 'shoes'] },
        after: { ad_title: 'Trusted words', keywords: ['spring', 'trusted', 'shoes'] },
      });
    });

    it('any other change of a trusted account’s approved campaign still goes to review', async () => {
      for (const change of [
        { campaign_name: 'Trusted renamed' },
        { destination_url: 'https://shop.example.com/else' },
        { ad_title: 'Texts and a link', destination_url: 'https://shop.example.com/both' },
      ]) {
        const campaign = await approved('Trusted other');
        const answer = await edit(campaign.id, change);
        expect(answer.json().data.approval_status, JSON.stringify(change)).toBe('pending');
        expect((await actionsOf(campaign.id)).slice(-2)).toEqual(['campaign.edited', 'campaign.submitted']);
      }
    });

    it('holds under edits at once: a rename and a text edit leave the campaign in review', async () => {
      const campaign = await approved('Trusted race');
      const answers = await Promise.all([
        edit(campaign.id, { ad_title: 'Raced words' }),
        edit(campaign.id, { campaign_name: 'Trusted race renamed' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const detail = (await call('GET', `/admin/campaign/${campaign.id}`)).json().data;
      expect(detail).toMatchObject({ approval_status: 'pending', ad_title: 'Raced words' });
      const actions = await actionsOf(campaign.id);
      expect(actions.filter((action) => action === 'campaign.submitted')).toHaveLength(2);
    });

    it('unmarked, the account’s text edits go to review again', async () => {
      const unmarked = await trust(false);
      expect(unmarked.json().message).toBe(ADVERTISER_MESSAGES.untrusted);
      const campaign = await approved('Untrusted again');
      expect((await edit(campaign.id, { keywords: ['a1', 'b2', 'c3'] })).json().data.approval_status).toBe('pending');
    });
  });

  it('of two declines at once, one wins', async () => {
    const otherToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
    const campaign = await wizard.createSubmitted(customerToken);
    const answers = await Promise.all([
      decide(campaign.id, { approval_status: 'declined', decline_reason_code: 'prohibited' }),
      decide(campaign.id, { approval_status: 'declined', decline_reason_code: 'text_too_long' }, otherToken),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await actionsOf(campaign.id)).filter((action) => action === 'campaign.declined')).toHaveLength(1);
  });
});
