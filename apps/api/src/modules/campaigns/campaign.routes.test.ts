import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, ROLE } from '@portal/contract';
import { createTestAppWithCustomers, type TestApp } from '../../../test/test-app';
import { DRAFT_CLEANUP_JOB, DRAFT_LIFETIME_MS } from './campaign.service';

const details = {
  campaign_name: 'Autumn sale',
  campaign_objective: 'Video view',
  status: 'active',
  budget_type: 'lifetime',
  budget_amount: 250.5,
  keywords: ['shoes', 'autumn', 'sale'],
};

describe('the campaign draft (wizard step 1)', () => {
  let t: TestApp, token: string, otherToken: string;
  beforeAll(async () => ({ t, token, otherToken } = await createTestAppWithCustomers()));
  afterAll(() => t.close());

  const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
  const save = (payload: unknown, bearer = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/create-campaign-details',
      headers: auth(bearer),
      payload: payload as object,
    });
  const draft = (bearer = token) =>
    t.app.inject({ method: 'GET', url: '/api/customer/campaign-draft', headers: auth(bearer) });
  const remove = (id: number | string, bearer = token) =>
    t.app.inject({ method: 'DELETE', url: `/api/customer/campaign-draft/${id}`, headers: auth(bearer) });

  it('creates the draft, then updates the same one', async () => {
    const first = await save(details);
    expect(first.statusCode).toBe(200);
    const created = first.json().data;
    expect(created).toMatchObject({
      campaign_name: 'Autumn sale',
      campaign_objective: 'Video view',
      budget_type: 'lifetime',
      budget_amount: 250.5,
      budget: 250.5,
      keywords: ['shoes', 'autumn', 'sale'],
      approval_status: 'draft',
      on_off: 'on',
      status: 'active',
      delivery_status: 'off',
      payment_status: 'unpaid',
      archived_at: null,
      published_on: null,
    });

    const second = await save({ ...details, campaign_name: 'Winter sale', status: 'paused', budget_type: 'daily' });
    expect(second.json().data).toMatchObject({
      id: created.id,
      campaign_name: 'Winter sale',
      status: 'paused',
      on_off: 'off',
    });
    expect((await draft()).json()).toEqual({ data: { campaign: second.json().data, ad_template: null } });
  });

  it('keeps one draft when two first saves race', async () => {
    const racer = await t.login((await t.createUser()).email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => save(details, racer)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
  });

  it('checks every field with the documented messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ campaign_name: '  ' }, 'campaign_name', CAMPAIGN_MESSAGES.nameRequired],
      [{ campaign_name: 'x'.repeat(101) }, 'campaign_name', CAMPAIGN_MESSAGES.nameTooLong],
      [{ campaign_name: 'a\u0000b' }, 'campaign_name', 'Campaign name must not contain control characters'],
      [{ budget_amount: undefined }, 'budget_amount', CAMPAIGN_MESSAGES.budgetRequired],
      [{ budget_amount: '' }, 'budget_amount', CAMPAIGN_MESSAGES.budgetRequired],
      [{ budget_amount: 0 }, 'budget_amount', CAMPAIGN_MESSAGES.budgetZero],
      [{ budget_amount: -5 }, 'budget_amount', CAMPAIGN_MESSAGES.budgetNegative],
      [{ budget_amount: 1.005 }, 'budget_amount', CAMPAIGN_MESSAGES.budgetDecimals],
      [{ budget_amount: 'ten' }, 'budget_amount', CAMPAIGN_MESSAGES.budgetNotNumber],
      [{ budget_amount: 10_000_000.01 }, 'budget_amount', CAMPAIGN_MESSAGES.budgetTooLarge],
      [{ keywords: ['a', 'b'] }, 'keywords', CAMPAIGN_MESSAGES.keywordsRequired],
      [{ keywords: ['a', ' a ', 'b', ''] }, 'keywords', CAMPAIGN_MESSAGES.keywordsRequired],
      [{ keywords: undefined }, 'keywords', CAMPAIGN_MESSAGES.keywordsRequired],
      [{ keywords: Array.from({ length: 31 }, (_, i) => `k${i}`) }, 'keywords', CAMPAIGN_MESSAGES.tooManyKeywords],
      [{ keywords: ['a', 'b', 'c'.repeat(51)] }, 'keywords.2', CAMPAIGN_MESSAGES.keywordTooLong],
      [{ keywords: ['a', 'b', 3] }, 'keywords.2', CAMPAIGN_MESSAGES.keywordNotText],
      [{ campaign_objective: 'Sales' }, 'campaign_objective', CAMPAIGN_MESSAGES.objectiveRequired],
      [{ budget_type: 'weekly' }, 'budget_type', CAMPAIGN_MESSAGES.budgetTypeInvalid],
      [{ status: 'on' }, 'status', CAMPAIGN_MESSAGES.statusInvalid],
    ];
    for (const [change, field, message] of cases) {
      const answer = await save({ ...details, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(422);
      expect(answer.json().errors[field], JSON.stringify(change)).toContain(message);
    }
  });

  it('lists the step-1 failures in the documented order', async () => {
    const answer = await save({ ...details, campaign_name: '', budget_amount: 0, keywords: [] });
    expect(Object.keys(answer.json().errors)).toEqual(['campaign_name', 'budget_amount', 'keywords']);
    expect(answer.json().message).toBe(CAMPAIGN_MESSAGES.nameRequired);
  });

  it('takes a form, with keywords as keywords[i] fields and the budget as text', async () => {
    const form = new URLSearchParams({
      campaign_name: 'Form campaign',
      campaign_objective: 'Consideration',
      status: 'paused',
      budget_type: 'daily',
      budget_amount: '99.90',
      'keywords[1]': 'second',
      'keywords[0]': 'first',
      'keywords[2]': ' third ',
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/customer/create-campaign-details',
      headers: { ...auth(otherToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ budget_amount: 99.9, keywords: ['first', 'second', 'third'] });
  });

  it('is for customers only', async () => {
    const admin = await t.createUser({ roleId: ROLE.admin });
    const adminToken = await t.login(admin.email);
    expect((await save(details, adminToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/campaign-draft' })).statusCode).toBe(401);
  });

  it("deletes only the caller's own draft; any other id is not found", async () => {
    const mine = (await draft()).json().data.campaign.id as number;
    const theirs = (await draft(otherToken)).json().data.campaign.id as number;
    expect((await remove(theirs)).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect((await remove('abc')).statusCode).toBe(404);
    expect((await draft(otherToken)).json().data.campaign.id).toBe(theirs);

    const deleted = await remove(mine);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: CAMPAIGN_MESSAGES.draftDeleted });
    expect((await draft()).json()).toEqual({ data: null });
    expect((await remove(mine)).statusCode).toBe(404);
  });

  it('removes drafts untouched for 7 days, and only those', async () => {
    const staleUser = await t.createUser();
    const freshUser = await t.createUser();
    await save(details, await t.login(staleUser.email));
    t.clock.advance(DRAFT_LIFETIME_MS - 60_000);
    await save(details, await t.login(freshUser.email));
    await t.app.jobs.runNow(DRAFT_CLEANUP_JOB);
    expect((await draft(await t.login(staleUser.email))).json().data).not.toBeNull();

    t.clock.advance(2 * 60_000);
    await t.app.jobs.runNow(DRAFT_CLEANUP_JOB);
    // Sessions last hours, not days: each check signs in afresh.
    expect((await draft(await t.login(staleUser.email))).json()).toEqual({ data: null });
    expect((await draft(await t.login(freshUser.email))).json().data).not.toBeNull();
  });
});
