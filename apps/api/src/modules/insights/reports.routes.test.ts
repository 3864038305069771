import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { REPORT_MESSAGES, ROLE, type CampaignReport, type Comparison, type Report } from '@portal/contract';
import { enterFigures, insertCampaigns } from '../../../test/campaigns';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { reportCsvColumns } from './analytics-csv';

/** docs/product/insights.md, Reports over dates. */
describe('reports over dates', () => {
  let t: TestApp, adminToken: string, token: string, strangerToken: string;
  let boots: number, coats: number, hats: number, pending: number, strangers: number;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00.000Z');
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
    const customer = await t.createUser();
    token = await t.login(customer.email);
    [boots, coats, hats, pending] = (await insertCampaigns(t, customer.id, [
      { name: 'Winter boots', publishedOn: new Date('2026-11-01T15:00:00Z') },
      { name: 'Winter coats' },
      { name: 'Winter hats' },
      { name: 'Summer hats', approvalStatus: 'pending' },
    ])) as [number, number, number, number];
    const stranger = await t.createUser();
    strangerToken = await t.login(stranger.email);
    [strangers] = (await insertCampaigns(t, stranger.id, [{ name: 'Not yours' }])) as [number];

    // Boots, in the order an administrator types them: the 5th is back-dated between two
    // entries, the 12th corrects the total down, and a second entry on the 12th replaces the first.
    await enter(boots, '2026-11-02', { amount_spent: 30, link_clicks: 3 });
    await enter(boots, '2026-11-10', { amount_spent: 90, link_clicks: 9 });
    await enter(boots, '2026-11-05', { amount_spent: 50, link_clicks: 5 });
    await enter(boots, '2026-11-12', { amount_spent: 80, link_clicks: 8 });
    await enter(boots, '2026-11-12', { amount_spent: 85, link_clicks: 8 });
    await enter(coats, '2026-11-03', { amount_spent: 10 });
    await enter(coats, '2026-11-11', { amount_spent: 25 });
    await enter(strangers, '2026-11-10', { amount_spent: 100 });
  });
  afterAll(() => t.close());

  const enter = (campaignId: number, day: string, figures: Record<string, number>) =>
    enterFigures(t, adminToken, campaignId, day, figures);
  const get = (url: string, as: string) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  const spentByDay = (report: Report) =>
    Object.fromEntries(report.days.filter((day) => day.amount_spent !== 0).map((day) => [day.date, day.amount_spent]));

  it("works out a campaign's daily values from its entries, back-dated ones and corrections included", async () => {
    const answer = await get(`/api/customer/campaigns-analytics/${boots}/report?from=2026-11-04&to=2026-11-12`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json().data as CampaignReport;
    expect(report).toMatchObject({
      campaign_id: boots,
      campaign_name: 'Winter boots',
      flight_start: '2026-11-01',
      from: '2026-11-04',
      to: '2026-11-12',
    });
    expect(report.days.map((day) => day.date)).toEqual([
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
    ]);
    // The total on the 3rd (30, from the 2nd) is where the range starts from.
    expect(spentByDay(report)).toEqual({ '2026-11-05': 20, '2026-11-10': 40, '2026-11-12': -5 });
    expect(report.days.find((day) => day.date === '2026-11-12')).toMatchObject({ link_clicks: -1 });
    expect(report.totals).toMatchObject({ amount_spent: 55, link_clicks: 5, followers_count: 0 });
    expect(report.totals).not.toHaveProperty('duration');
  });

  it('sums the account from its ledger, and the portal for administrators', async () => {
    const mine = (await get('/api/customer/campaigns-analytics/report?from=2026-11-04&to=2026-11-12', token)).json()
      .data as Report;
    expect(spentByDay(mine)).toEqual({ '2026-11-05': 20, '2026-11-10': 40, '2026-11-11': 15, '2026-11-12': -5 });
    expect(mine.totals.amount_spent).toBe(70);
    expect(mine.days).toHaveLength(9);

    const portal = (await get('/api/all-campaigns-analytics/report?from=2026-11-04&to=2026-11-12', adminToken)).json()
      .data as Report;
    expect(portal.totals.amount_spent).toBe(170);
    expect(spentByDay(portal)['2026-11-10']).toBe(140);
    const all = (
      await get(`/api/all-campaigns-analytics/${strangers}/report?from=2026-11-01&to=2026-11-30`, adminToken)
    ).json().data as CampaignReport;
    expect(all.totals.amount_spent).toBe(100);
    expect((await get('/api/all-campaigns-analytics/report?from=2026-11-04&to=2026-11-12', token)).statusCode).toBe(
      403,
    );
  });

  it('refuses each bad range with 422 and its message', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-01&to=2026-11-12', REPORT_MESSAGES.from],
      ['from=2026-02-30&to=2026-03-12', REPORT_MESSAGES.from],
      ['from=2026-11-01&to=12%20Nov%202026', REPORT_MESSAGES.to],
      ['to=2026-11-12', REPORT_MESSAGES.from],
      ['from=2026-11-12&to=2026-11-11', REPORT_MESSAGES.order],
      ['from=2025-11-01&to=2026-11-02', REPORT_MESSAGES.tooLong],
    ];
    for (const [query, message] of cases) {
      const answer = await get(`/api/customer/campaigns-analytics/report?${query}`, token);
      expect(answer.statusCode, query).toBe(422);
      expect(JSON.stringify(answer.json().errors), query).toContain(message);
    }
    // A day that is not one is not also compared with the other end.
    const month13 = await get('/api/customer/campaigns-analytics/report?from=2026-13-01&to=2026-11-12', token);
    expect(month13.json().errors).toEqual({ from: [REPORT_MESSAGES.from] });
    // 366 days, a leap year's, is the most.
    expect(
      (await get('/api/customer/campaigns-analytics/report?from=2028-01-01&to=2028-12-31', token)).statusCode,
    ).toBe(200);
    const exports: [string, string][] = [
      ['from=2026-11-01', REPORT_MESSAGES.incomplete],
      ['form=per_day', REPORT_MESSAGES.formWithoutRange],
      ['from=2026-11-01&to=2026-11-02&form=weekly', REPORT_MESSAGES.form],
    ];
    for (const [query, message] of exports) {
      const answer = await get(`/api/customer/campaigns-analytics/export?${query}`, token);
      expect(answer.statusCode, query).toBe(422);
      expect(JSON.stringify(answer.json().errors), query).toContain(message);
    }
  });

  it('compares two to four campaigns of the page, and refuses others', async () => {
    const range = 'from=2026-11-01&to=2026-11-12';
    const answer = await get(`/api/customer/campaigns-analytics/compare?ids=${coats},${boots}&${range}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    const comparison = answer.json().data as Comparison;
    expect(comparison.campaigns.map((campaign) => [campaign.campaign_name, campaign.totals.amount_spent])).toEqual([
      ['Winter coats', 25],
      ['Winter boots', 85],
    ]);
    expect(comparison.campaigns[0]!.days).toHaveLength(12);

    const four = `${boots},${coats},${hats},${boots}`;
    expect((await get(`/api/customer/campaigns-analytics/compare?ids=${four}&${range}`, token)).statusCode).toBe(200);
    for (const ids of [`${boots}`, `${boots},${boots}`, '1,2,3,4,5', 'abc', `${boots},,${coats}`]) {
      const refused = await get(`/api/customer/campaigns-analytics/compare?ids=${ids}&${range}`, token);
      expect(refused.statusCode, ids).toBe(422);
    }
    expect((await get(`/api/customer/campaigns-analytics/compare?ids=1,2,3,4,5&${range}`, token)).body).toContain(
      REPORT_MESSAGES.compared,
    );
    for (const other of [strangers, pending]) {
      const refused = await get(`/api/customer/campaigns-analytics/compare?ids=${boots},${other}&${range}`, token);
      expect(refused.statusCode).toBe(404);
    }
    const admin = await get(`/api/all-campaigns-analytics/compare?ids=${boots},${strangers}&${range}`, adminToken);
    expect(admin.statusCode).toBe(200);
  });

  it('shows a member of another account nothing of this one', async () => {
    const range = 'from=2026-11-01&to=2026-11-12';
    expect((await get(`/api/customer/campaigns-analytics/${boots}/report?${range}`, strangerToken)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/api/customer/campaigns-analytics/compare?ids=${boots},${coats}&${range}`, strangerToken)).statusCode,
    ).toBe(404);
    const theirs = (await get(`/api/customer/campaigns-analytics/report?${range}`, strangerToken)).json()
      .data as Report;
    expect(theirs.totals.amount_spent).toBe(100);
    const file = await get(`/api/customer/campaigns-analytics/export?${range}&form=per_day`, strangerToken);
    const rows: Record<string, string>[] = parse(file.body, { columns: true });
    expect(new Set(rows.map((row) => row.campaign_name))).toEqual(new Set(['Not yours']));
  });

  it('exports the range per day, a row per campaign and day, negative days as numbers', async () => {
    const answer = await get(
      '/api/customer/campaigns-analytics/export?from=2026-11-10&to=2026-11-12&form=per_day',
      token,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain('campaigns-analytics-per-day-2026-11-10-to-2026-11-12.csv');
    const rows: Record<string, string>[] = parse(answer.body, { columns: true });
    expect(Object.keys(rows[0]!)).toEqual(reportCsvColumns('per_day', false));
    // Newest campaign first, as on the page; every day of the range for each.
    expect(rows.map((row) => `${row.campaign_name} ${row.date}`)).toEqual([
      'Winter hats 2026-11-10',
      'Winter hats 2026-11-11',
      'Winter hats 2026-11-12',
      'Winter coats 2026-11-10',
      'Winter coats 2026-11-11',
      'Winter coats 2026-11-12',
      'Winter boots 2026-11-10',
      'Winter boots 2026-11-11',
      'Winter boots 2026-11-12',
    ]);
    expect(rows.slice(6).map((row) => [row.amount_spent, row.link_clicks])).toEqual([
      ['40.00', '4'],
      ['0.00', '0'],
      ['-5.00', '-1'],
    ]);
  });

  it('exports the range in totals, a row per campaign, and keeps the current figures without a range', async () => {
    const answer = await get(
      '/api/all-campaigns-analytics/export?search=winter&from=2026-11-04&to=2026-11-12',
      adminToken,
    );
    expect(answer.headers['content-disposition']).toContain('campaigns-analytics-totals-2026-11-04-to-2026-11-12.csv');
    const rows: Record<string, string>[] = parse(answer.body, { columns: true });
    expect(Object.keys(rows[0]!)).toEqual(reportCsvColumns('totals', true));
    expect(rows.map((row) => [row.campaign_name, row.from, row.to, row.amount_spent])).toEqual([
      ['Winter hats', '2026-11-04', '2026-11-12', '0.00'],
      ['Winter coats', '2026-11-04', '2026-11-12', '15.00'],
      ['Winter boots', '2026-11-04', '2026-11-12', '55.00'],
    ]);

    const current = await get('/api/customer/campaigns-analytics/export', token);
    expect(current.headers['content-disposition']).toContain('campaigns-analytics-2026-11-20.csv');
    const currentRows: Record<string, string>[] = parse(current.body, { columns: true });
    expect(currentRows.find((row) => row.campaign_name === 'Winter boots')).toMatchObject({
      figures_as_of: '2026-11-12',
      amount_spent: '85.00',
    });
  });
});
