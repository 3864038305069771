import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_FIGURES, ROLE, type Campaign } from '@portal/contract';
import { CampaignRepository } from '../campaigns';
import { FiguresRepository } from './figures.repository';
import { enterFigures, insertCampaigns } from '../../../test/campaigns';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';

/** Friday 20 November 2026, the day of the worked example in docs/product/insights.md. */
const FRIDAY = '2026-11-20T12:00:00.000Z';

describe('dashboards and analytics', () => {
  let t: TestApp, adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(FRIDAY));

  /** A signed-in customer of their own, so that tests do not see each other's figures. */
  const newCustomer = async (fields: { firstName?: string; lastName?: string } = {}) => {
    const user = await t.createUser(fields);
    return { id: user.id, email: user.email, token: await t.login(user.email) };
  };

  const enter = (campaignId: number, day: string, figures: Record<string, number> = {}) =>
    enterFigures(t, adminToken, campaignId, day, figures);

  const get = async (url: string, token: string) => {
    const answer = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const cards = (token: string) => get('/api/customer/campaigns-statistics', token).then((body) => body.data);
  const weeklySpend = (token: string) => get('/api/customer/weekly-spent', token).then((body) => body.data);

  describe('the customer dashboard', () => {
    it('follows the worked example: current total, weekly change and the two weeks of spend', async () => {
      const customer = await newCustomer();
      const [id] = await insertCampaigns(t, customer.id, [{}]);
      await enter(id!, '2026-11-02', { amount_spent: 30 });
      await enter(id!, '2026-11-10', { amount_spent: 90 });
      await enter(id!, '2026-11-18', { amount_spent: 120 });

      expect((await cards(customer.token)).amount_spent).toEqual({ value: 120, change: -50 });
      const spend = await weeklySpend(customer.token);
      expect(spend.current_week).toEqual([
        { day: 'Mon', date: '2026-11-16', amount_spent: 0 },
        { day: 'Tue', date: '2026-11-17', amount_spent: 0 },
        { day: 'Wed', date: '2026-11-18', amount_spent: 30 },
        { day: 'Thu', date: '2026-11-19', amount_spent: 0 },
        { day: 'Fri', date: '2026-11-20', amount_spent: 0 },
        { day: 'Sat', date: '2026-11-21', amount_spent: null },
        { day: 'Sun', date: '2026-11-22', amount_spent: null },
      ]);
      expect(spend.previous_week.map((day: { amount_spent: number }) => day.amount_spent)).toEqual([
        0, 60, 0, 0, 0, 0, 0,
      ]);
      expect(spend.previous_week[0]).toEqual({ day: 'Mon', date: '2026-11-09', amount_spent: 0 });
    });

    it('sums the 16 figures over every campaign with entries, archived and deleted ones too, and no one else', async () => {
      const customer = await newCustomer();
      const other = await newCustomer();
      const [running, archived, deleted] = await insertCampaigns(t, customer.id, [{}, {}, {}]);
      const [others] = await insertCampaigns(t, other.id, [{}]);
      const everyFigure = Object.fromEntries(DASHBOARD_FIGURES.map((figure, index) => [figure.key, index + 1]));
      await enter(running!, '2026-11-19', { ...everyFigure, amount_spent: 10.25 });
      await enter(archived!, '2026-11-19', everyFigure);
      await enter(deleted!, '2026-11-19', everyFigure);
      await enter(others!, '2026-11-19', { amount_spent: 999 });
      // The customer archives two of them, and deletes one of those for good.
      const repos = { campaigns: new CampaignRepository(t.database.db) };
      await repos.campaigns.archiveOrDelete([archived!, deleted!], new Date(FRIDAY));
      await repos.campaigns.archiveOrDelete([deleted!], new Date(FRIDAY));

      const data = await cards(customer.token);
      expect(Object.keys(data)).toEqual(DASHBOARD_FIGURES.map((figure) => figure.key));
      expect(data.amount_spent).toEqual({ value: 12.25, change: 100 });
      expect(data.ad_cost).toEqual({ value: 6, change: 100 });
      expect(data.stories_with_link).toEqual({ value: 48, change: 100 });
    });

    it('compares with a last week of 0 (+100 or 0) and counts a lowered total as a negative day', async () => {
      const customer = await newCustomer();
      const [id] = await insertCampaigns(t, customer.id, [{}]);
      await enter(id!, '2026-11-05', { posts: 8, post_likes: 10 });
      await enter(id!, '2026-11-17', { posts: 8, post_likes: 4, post_saves: 3 });

      const data = await cards(customer.token);
      expect(data.posts).toEqual({ value: 8, change: 0 });
      expect(data.post_saves).toEqual({ value: 3, change: 100 });
      // 10 likes before last week, 4 now: this week's value is -6 against 0 last week.
      expect(data.post_likes).toEqual({ value: 4, change: -100 });
    });

    it('on a Monday compares Monday with last Monday only: Sunday belongs to last week, after its same days', async () => {
      t.clock.set('2026-11-23T08:00:00.000Z');
      const customer = await newCustomer();
      const [id] = await insertCampaigns(t, customer.id, [{}]);
      await enter(id!, '2026-11-16', { followers_count: 20 });
      await enter(id!, '2026-11-22', { followers_count: 50 });
      await enter(id!, '2026-11-23', { followers_count: 60 });

      expect((await cards(customer.token)).followers_count).toEqual({ value: 60, change: -50 });
      const spend = await weeklySpend(customer.token);
      expect(spend.current_week[0]).toEqual({ day: 'Mon', date: '2026-11-23', amount_spent: 0 });
      expect(spend.current_week[1].amount_spent).toBeNull();
      expect(spend.previous_week[6].date).toBe('2026-11-22');
    });

    it('answers zeros, and a week of zeros, for a customer with no campaigns', async () => {
      const customer = await newCustomer();
      const data = await cards(customer.token);
      expect(Object.values(data)).toEqual(DASHBOARD_FIGURES.map(() => ({ value: 0, change: 0 })));
      const spend = await weeklySpend(customer.token);
      expect(spend.previous_week.every((day: { amount_spent: number }) => day.amount_spent === 0)).toBe(true);
      expect(spend.current_week.map((day: { amount_spent: number | null }) => day.amount_spent)).toEqual([
        0,
        0,
        0,
        0,
        0,
        null,
        null,
      ]);
    });

    it('keeps the ledgers as a rebuild from every entry would, whatever order entries are saved in', async () => {
      const customer = await newCustomer();
      const [first, second] = await insertCampaigns(t, customer.id, [{}, {}]);
      // Back-dated entries, two on one day (the later save wins) and a correction.
      await enter(first!, '2026-11-18', { amount_spent: 50, total_reach: 500 });
      await enter(first!, '2026-11-09', { amount_spent: 20, total_reach: 100 });
      await enter(first!, '2026-11-12', { amount_spent: 35, total_reach: 300 });
      await enter(first!, '2026-11-12', { amount_spent: 30, total_reach: 250 });
      await enter(second!, '2026-11-16', { amount_spent: 5, total_reach: 40 });
      await enter(second!, '2026-11-10', { amount_spent: 7, total_reach: 70 });

      const kept = { cards: await cards(customer.token), spend: await weeklySpend(customer.token) };
      // Daily values: first +20 (9th), +10 (12th: 30 saved last), +20 (18th); second +7 (10th), -2 (16th).
      // This week so far 18, the same days of last week 37: (18 - 37) / 37 = -51.4%.
      expect(kept.cards.amount_spent).toEqual({ value: 55, change: -51.4 });
      expect(kept.spend.previous_week.map((day: { amount_spent: number }) => day.amount_spent)).toEqual([
        20, 7, 0, 10, 0, 0, 0,
      ]);
      expect(kept.spend.current_week.slice(0, 5).map((day: { amount_spent: number }) => day.amount_spent)).toEqual([
        -2, 0, 20, 0, 0,
      ]);
      await new FiguresRepository(t.database.db).rebuild();
      expect({ cards: await cards(customer.token), spend: await weeklySpend(customer.token) }).toEqual(kept);
    });

    it('lists the 5 newest campaigns that are neither drafts nor archived, with their current figures', async () => {
      const customer = await newCustomer();
      const ids = await insertCampaigns(t, customer.id, [
        {},
        { approvalStatus: 'pending' },
        { approvalStatus: 'declined' },
        {},
        { approvalStatus: 'draft' },
        { archivedAt: new Date(FRIDAY) },
        {},
        { approvalStatus: 'pending' },
      ]);
      await enter(ids[6]!, '2026-11-10', { total_reach: 10 });
      await enter(ids[6]!, '2026-11-11', { total_reach: 25 });
      const latest: Campaign[] = (await get('/api/customer/latest-campaigns-metrics', customer.token)).data;
      expect(latest.map((campaign) => campaign.id)).toEqual([ids[7], ids[6], ids[3], ids[2], ids[1]]);
      expect(latest[1]!.statistics).toHaveLength(1);
      expect(latest[1]!.statistics[0]).toMatchObject({ created_at: '2026-11-11T00:00:00.000Z', total_reach: 25 });
      expect(latest[0]!.statistics).toEqual([]);
    });
  });

  describe('the administrators’ tiles', () => {
    it('counts customers and review tabs, sums every current figure and works out the costs', async () => {
      const before = (await get('/api/admin-dashboard-stats', adminToken)).data;
      const customer = await newCustomer();
      await t.createUser({ status: false });
      const [approved, , , withdrawn] = await insertCampaigns(t, customer.id, [
        {},
        { approvalStatus: 'pending' },
        { approvalStatus: 'declined' },
        { approvalStatus: 'pending' },
        { approvalStatus: 'draft' },
      ]);
      await new CampaignRepository(t.database.db).archiveOrDelete([withdrawn!], new Date(FRIDAY));
      await enter(approved!, '2026-11-10', { amount_spent: 100, total_impressions: 1000, link_clicks: 40 });
      await enter(approved!, '2026-11-12', {
        amount_spent: 150,
        total_reach: 700,
        total_impressions: 1500,
        link_clicks: 60,
        lead_generated: 7,
      });

      const after = (await get('/api/admin-dashboard-stats', adminToken)).data;
      expect(after.customers).toEqual({
        active: before.customers.active + 1,
        banned: before.customers.banned + 1,
      });
      expect(after.campaigns).toEqual({
        pending: before.campaigns.pending + 1,
        approved: before.campaigns.approved + 1,
        declined: before.campaigns.declined + 1,
      });
      expect(after.amount_spent - before.amount_spent).toBe(150);
      expect(after.total_impressions - before.total_impressions).toBe(1500);
      expect(after.total_reach - before.total_reach).toBe(700);
      expect(after.link_clicks - before.link_clicks).toBe(60);
      expect(after.cost_per_click).toBe(Math.round((after.amount_spent / after.link_clicks) * 100) / 100);
    });

    it('answers null costs on a portal where nothing was clicked or led, and only to administrators', async () => {
      const empty = await createTestApp();
      try {
        const admin = await empty.login((await empty.createUser({ roleId: ROLE.admin })).email);
        const customer = await empty.login((await empty.createUser()).email);
        const answer = await empty.app.inject({
          method: 'GET',
          url: '/api/admin-dashboard-stats',
          headers: bearer(admin),
        });
        expect(answer.json().data).toEqual({
          customers: { active: 1, banned: 0 },
          campaigns: { pending: 0, approved: 0, declined: 0 },
          total_impressions: 0,
          total_reach: 0,
          amount_spent: 0,
          link_clicks: 0,
          cost_per_click: null,
          cost_per_lead: null,
          revenue_collected: 0,
          amount_due: 0,
        });
        const refused = await empty.app.inject({
          method: 'GET',
          url: '/api/admin-dashboard-stats',
          headers: bearer(customer),
        });
        expect(refused.statusCode).toBe(403);
      } finally {
        await empty.close();
      }
    });
  });
});
