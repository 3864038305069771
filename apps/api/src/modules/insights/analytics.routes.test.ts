import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { FIGURES, ROLE, type Campaign } from '@portal/contract';
import { enterFigures, insertCampaigns } from '../../../test/campaigns';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { neutralizeFormula } from '../../lib/csv';
import { csvColumns, csvStream } from './analytics-csv';

describe('analytics pages and their CSV files', () => {
  let t: TestApp, adminToken: string;
  let customer: { id: number; token: string };
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00.000Z');
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
    const user = await t.createUser({ firstName: 'Grace', lastName: 'Hopper' });
    customer = { id: user.id, token: await t.login(user.email) };
    // Oldest first: ids[5] is the newest.
    ids = await insertCampaigns(t, customer.id, [
      { name: 'Winter boots' },
      { name: '=HYPERLINK("http://evil.example","Click")' },
      { name: 'Winter coats', archivedAt: new Date('2026-11-19T00:00:00Z') },
      {
        name: 'Winter gloves',
        archivedAt: new Date('2026-11-19T00:00:00Z'),
        deletedAt: new Date('2026-11-19T00:00:00Z'),
      },
      { name: 'Winter hats', approvalStatus: 'pending' },
      { name: 'Summer, "sun" & sea' },
    ]);
    await enter(ids[0]!, '2026-11-10', { amount_spent: 10, link_clicks: 4 });
    await enter(ids[0]!, '2026-11-12', { amount_spent: 25.5, link_clicks: 10, lead_generated: 3, duration: 48 });
  });
  afterAll(() => t.close());

  const enter = (campaignId: number, day: string, figures: Record<string, number>) =>
    enterFigures(t, adminToken, campaignId, day, figures, 1);

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it("lists the customer's approved campaigns, archived ones too, newest first, each with its current entry", async () => {
    const answer = await get('/api/customer/campaigns-analytics', customer.token);
    expect(answer.statusCode).toBe(200);
    const { data, pagination } = answer.json() as { data: Campaign[]; pagination: { total: number } };
    expect(data.map((campaign) => campaign.id)).toEqual([ids[5], ids[2], ids[1], ids[0]]);
    expect(pagination.total).toBe(4);
    const boots = data.at(-1)!;
    expect(boots.statistics).toHaveLength(1);
    expect(boots.statistics[0]).toMatchObject({
      created_at: '2026-11-12T00:00:00.000Z',
      amount_spent: 25.5,
      duration: 48,
    });
    expect(data[0]!.statistics).toEqual([]);
    expect(boots).toMatchObject({
      impressions: 1,
      link_clicks: 10,
      cost_per_click: 2.55,
      cost_per_lead: 8.5,
      // Not paid through the portal: no Date paid, whatever day was entered with the figures.
      date_paid: null,
    });
    expect(data[0]).toMatchObject({ impressions: null, cost_per_click: null, date_paid: null });
  });

  it('searches names, pages by 10, and keeps other customers out', async () => {
    const found = (await get('/api/customer/campaigns-analytics?search=winter', customer.token)).json();
    expect(found.data.map((campaign: Campaign) => campaign.campaign_name)).toEqual(['Winter coats', 'Winter boots']);
    const stranger = await t.login((await t.createUser()).email);
    expect((await get('/api/customer/campaigns-analytics', stranger)).json().pagination.total).toBe(0);
    expect((await get('/api/customer/campaigns-analytics?per_page=0', customer.token)).statusCode).toBe(422);
    expect((await get('/api/all-campaigns-analytics', customer.token)).statusCode).toBe(403);
  });

  it('shows administrators every approved campaign, deleted ones included, with the same search', async () => {
    const answer = await get('/api/all-campaigns-analytics?search=winter&per_page=100', adminToken);
    const names = (answer.json().data as Campaign[]).map((campaign) => campaign.campaign_name);
    expect(names).toEqual(['Winter gloves', 'Winter coats', 'Winter boots']);
  });

  it('gives every entry, newest first, on the campaign itself and the current one in lists', async () => {
    const detail = (await get(`/api/admin/campaign/${ids[0]}`, adminToken)).json().data;
    expect(detail.statistics.map((entry: { created_at: string }) => entry.created_at)).toEqual([
      '2026-11-12T00:00:00.000Z',
      '2026-11-10T00:00:00.000Z',
    ]);
    const active = (await get('/api/customer/my-active-campaigns', customer.token)).json().data as Campaign[];
    expect(active.find((campaign) => campaign.id === ids[0])!.statistics.map((entry) => entry.amount_spent)).toEqual([
      25.5,
    ]);
  });

  it("exports the customer's campaigns for the search as CSV, formulas neutralised", async () => {
    const answer = await get('/api/customer/campaigns-analytics/export', customer.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="campaigns-analytics-2026-11-20.csv"');
    expect(answer.headers['content-length']).toBeUndefined();
    const rows: Record<string, string>[] = parse(answer.body, { columns: true });
    expect(Object.keys(rows[0]!)).toEqual(csvColumns(false));
    expect(rows.map((row) => row.id)).toEqual([ids[5], ids[2], ids[1], ids[0]].map(String));
    expect(rows[0]!.campaign_name).toBe('Summer, "sun" & sea');
    expect(rows[0]!.amount_spent).toBe('');
    expect(rows[2]!.campaign_name).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(rows[3]).toMatchObject({
      campaign_name: 'Winter boots',
      budget_amount: '100.00',
      figures_as_of: '2026-11-12',
      amount_spent: '25.50',
      ad_cost: '1.00',
      duration: '48',
      link_clicks: '10',
      lead_generated: '3',
      impressions: '1',
      cost_per_click: '2.55',
      cost_per_lead: '8.50',
      date_paid: '',
      dates: '2026-11-02T09:00:00.000Z; 2026-11-03T18:30:00.000Z',
    });

    const searched = await get('/api/customer/campaigns-analytics/export?search=boots', customer.token);
    const searchedRows: Record<string, string>[] = parse(searched.body, { columns: true });
    expect(searchedRows.map((row) => row.id)).toEqual([String(ids[0])]);
  });

  it('has the documented columns, with one per figure of the contract, in its order', async () => {
    // docs/product/insights.md, CSV export; a figure dropped or added shows here.
    const header = (url: string, token: string) => get(url, token).then((answer) => answer.body.split('\n')[0]);
    const figures = FIGURES.map((figure) => figure.key);
    const details = ['campaign_objective', 'budget_type', 'budget_amount', 'figures_as_of'];
    const worked = ['impressions', 'cost_per_click', 'cost_per_lead', 'date_paid', 'dates'];
    expect(await header('/api/customer/campaigns-analytics/export', customer.token)).toBe(
      ['id', 'campaign_name', ...details, ...figures, ...worked].join(','),
    );
    expect(await header('/api/all-campaigns-analytics/export', adminToken)).toBe(
      ['id', 'campaign_name', 'customer_name', 'customer_email', ...details, ...figures, ...worked].join(','),
    );
  });

  it("names each campaign's customer in the administrators' file", async () => {
    const answer = await get('/api/all-campaigns-analytics/export?search=winter', adminToken);
    const rows: Record<string, string>[] = parse(answer.body, { columns: true });
    expect(Object.keys(rows[0]!)).toEqual(csvColumns(true));
    expect(rows.map((row) => row.campaign_name)).toEqual(['Winter gloves', 'Winter coats', 'Winter boots']);
    expect(rows[0]).toMatchObject({ customer_name: 'Grace Hopper' });
    expect((await get('/api/customer/campaigns-analytics/export', adminToken)).statusCode).toBe(403);
  });

  it('exports more campaigns than one batch, in order, each once', async () => {
    const many = await t.createUser();
    const manyIds = await insertCampaigns(
      t,
      many.id,
      Array.from({ length: 1_203 }, (_, index) => ({ name: `Bulk ${index}` })),
    );
    const rows = parse((await get('/api/customer/campaigns-analytics/export', await t.login(many.email))).body, {
      columns: true,
    }) as { id: string }[];
    expect(rows.map((row) => Number(row.id))).toEqual([...manyIds].reverse());
  });

  it('ends the file cut short when reading fails, rather than leaving it open', async () => {
    async function* failing() {
      yield [];
      throw new Error('connection lost');
    }
    const stream = csvStream(failing(), false);
    await expect(async () => {
      for await (const _chunk of stream) {
        // reading until it fails
      }
    }).rejects.toThrow('connection lost');
  });
});

describe('the CSV stream', () => {
  it('pulls campaigns only as fast as they are read', async () => {
    let batchesPulled = 0;
    async function* endless() {
      for (;;) {
        batchesPulled += 1;
        yield Array.from({ length: 100 }, (_, index) => ({ ...CAMPAIGN, id: batchesPulled * 1000 + index }));
      }
    }
    const stream = csvStream(endless(), false);
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    // An endless source: reading must stop once the streams' buffers are full (their high-water
    // marks, which differ between Node versions) and wait for the reader. Wait until the count
    // holds still for 100 ms (at most 2 s); a stream that drained its source never would.
    let before = -1;
    for (let waited = 0; batchesPulled !== before && waited < 2_000; waited += 100) {
      before = batchesPulled;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stream.destroy();
    expect(batchesPulled).toBe(before);
    expect(batchesPulled).toBeLessThan(100);
  });

  it('writes formula-like values as text', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'plain', ''].map(neutralizeFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'plain',
      '',
    ]);
  });
});

const CAMPAIGN: Campaign = {
  id: 1,
  user_id: 1,
  user_first_name: 'A',
  user_last_name: 'B',
  user_email: 'a@example.com',
  user_logo: null,
  campaign_name: 'Name',
  campaign_objective: 'Brand awareness',
  budget_type: 'lifetime',
  budget_amount: 10,
  budget: 10,
  keywords: [],
  start_date: null,
  end_date: null,
  flight_state: 'running',
  approval_status: 'approved',
  decline_reason: null,
  decline_reason_code: null,
  decline_note: null,
  on_off: 'on',
  status: 'active',
  archived_at: null,
  delivery_status: 'off',
  payment_status: 'unpaid',
  payment_link_url: null,
  amount_due: null,
  date_paid: null,
  created_at: '2026-11-01T00:00:00.000Z',
  published_on: null,
  submitted_at: null,
  declined_at: null,
  ad_title: null,
  ad_description: null,
  destination_url: null,
  statistics: [],
  impressions: null,
  link_clicks: null,
  cost_per_click: null,
  cost_per_lead: null,
};
