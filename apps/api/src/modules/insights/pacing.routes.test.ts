import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type AnalyticsCampaign, type CampaignPacing } from '@portal/contract';
import { approveCampaign, enterFigures, insertCampaigns, payOpenLink, wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';

/**
 * docs/product/insights.md, Pacing: the worked examples, on an account in Auckland, whose
 * today is a day ahead of UTC's at noon UTC.
 */
describe('pacing', () => {
  let t: TestApp, adminToken: string, token: string, userId: number;
  let boots: number, coats: number, hats: number;
  const wizard = wizardOf(() => t);

  const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  const at = (instant: string) => t.clock.set(instant);

  beforeAll(async () => {
    t = await createTestApp();
    at('2026-11-25T10:00:00.000Z');
    // Signed in for 30 days: the tests move the clock on by weeks.
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email, undefined, { remember: true });
    const customer = await t.createUser();
    userId = customer.id;
    token = await t.login(customer.email, undefined, { remember: true });
    const zone = await t.app.inject({
      method: 'POST',
      url: '/api/customer/team/time-zone',
      headers: bearer(token),
      payload: { time_zone: 'Pacific/Auckland' },
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const published = { publishedOn: new Date('2026-11-25T10:00:00Z'), flightState: 'running' as const };
    [boots, coats] = (await insertCampaigns(t, userId, [
      {
        name: 'Winter boots',
        budgetType: 'lifetime',
        budgetAmount: '1000.00',
        startDate: '2026-12-01',
        endDate: '2026-12-19',
        ...published,
      },
      {
        name: 'Winter coats',
        budgetType: 'daily',
        budgetAmount: '50.00',
        startDate: '2026-12-01',
        endDate: '2026-12-20',
        ...published,
      },
    ])) as [number, number];

    // Hats runs from its approval on 1 December, and one week of it is paid: 7 × $40.
    at('2026-12-01T09:00:00.000Z');
    hats = (
      await wizard.createSubmitted(token, { campaign_name: 'Winter hats', budget_type: 'daily', budget_amount: 40 })
    ).id;
    await approveCampaign(t, adminToken, hats);
    await payOpenLink(t, bearer(token), hats);
  });
  afterAll(() => t.close());

  const spend = (campaignId: number, day: string, dollars: number) =>
    enterFigures(t, adminToken, campaignId, day, { amount_spent: dollars });

  async function analyticsCard(id: number, as = token, path = '/api/customer/campaigns-analytics') {
    const answer = await get(`${path}?per_page=100`, as);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().data as AnalyticsCampaign[]).find((campaign) => campaign.id === id)!;
  }

  it('2. Winter coats: a daily budget with an end date, lasting past it', async () => {
    at('2026-12-05T12:00:00.000Z');
    await spend(coats, '2026-12-05', 100);
    expect((await analyticsCard(coats)).pacing).toEqual({
      spent: 100,
      budget: 1000,
      budget_used_percent: 10,
      flight_start: '2026-12-01',
      flight_end: '2026-12-20',
      days_elapsed: 6,
      days_in_flight: 20,
      daily_spend: 20,
      runs_out_on: '2027-01-19',
      outlook: 'lasts',
    });
  });

  it('3. Winter hats: a daily budget without an end, measured against what was paid', async () => {
    at('2026-12-08T12:00:00.000Z');
    await spend(hats, '2026-12-08', 140);
    expect((await analyticsCard(hats)).pacing).toEqual({
      spent: 140,
      budget: 280,
      budget_used_percent: 50,
      flight_start: '2026-12-01',
      flight_end: null,
      days_elapsed: 9,
      days_in_flight: null,
      daily_spend: 20,
      runs_out_on: '2026-12-15',
      outlook: 'runs_out',
    });
  });

  it('1. Winter boots: a lifetime budget running out 5 days before its end date, on the analytics pages of both', async () => {
    at('2026-12-10T12:00:00.000Z');
    await spend(boots, '2026-12-03', 340);
    await spend(boots, '2026-12-10', 760);
    const expected = {
      spent: 760,
      budget: 1000,
      budget_used_percent: 76,
      flight_start: '2026-12-01',
      flight_end: '2026-12-19',
      days_elapsed: 11,
      days_in_flight: 19,
      daily_spend: 60,
      runs_out_on: '2026-12-14',
      outlook: 'runs_out',
    };
    expect((await analyticsCard(boots)).pacing).toEqual(expected);
    // The administrators' page works each campaign out on its own account's today.
    expect((await analyticsCard(boots, adminToken, '/api/all-campaigns-analytics')).pacing).toEqual(expected);
  });

  it("lists the account's running campaigns on the dashboard, ending soonest first, those without an end newest first", async () => {
    at('2026-12-10T12:00:00.000Z');
    await insertCampaigns(t, userId, [
      { name: 'Spring boots', startDate: '2027-03-01', flightState: 'scheduled' },
      { name: 'Autumn boots', endDate: '2026-11-30', flightState: 'ended' },
      { name: 'Old boots', flightState: 'running', archivedAt: new Date('2026-12-01T00:00:00Z') },
      { name: 'Draft boots', flightState: 'running', approvalStatus: 'draft' },
      { name: 'Unspent boots', flightState: 'running', publishedOn: new Date('2026-12-09T10:00:00Z') },
    ]);
    const answer = await get('/api/customer/campaigns-pacing');
    expect(answer.statusCode, answer.body).toBe(200);
    const panel = answer.json().data as CampaignPacing[];
    expect(panel.map((row) => [row.campaign_name, row.pacing.budget_used_percent, row.pacing.outlook])).toEqual([
      ['Winter boots', 76, 'runs_out'],
      ['Winter coats', 10, 'lasts'],
      ['Unspent boots', 0, 'no_projection'],
      ['Winter hats', 50, 'runs_out'],
    ]);
    expect(panel[0]).toMatchObject({ id: boots, pacing: { runs_out_on: '2026-12-14' } });
  });

  it('answers an account without running campaigns with an empty panel', async () => {
    const other = await t.login((await t.createUser()).email);
    const answer = await get('/api/customer/campaigns-pacing', other);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual([]);
  });
});
