import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_LIMITS, LIST_MESSAGES, ROLE, type Pagination } from '@portal/contract';
import { campaigns } from '../../db/schema';
import { CampaignListQueries } from './campaign-lists';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

/** Keyset pages behind the page numbers (decision 038): the customer's tabs, the review queue, analytics. */
describe('list cursors', () => {
  let t: TestApp;
  let token: string, userId: number;
  let otherToken: string, otherId: number;
  let adminToken: string;
  /** Creation times go back from here one minute a campaign; later inserts are newer. */
  const epoch = Date.now();
  let made = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({ firstName: 'Cora', lastName: 'Cursor' });
    userId = user.id;
    token = await t.login(user.email);
    const other = await t.createUser({ firstName: 'Otto', lastName: 'Other' });
    otherId = other.id;
    otherToken = await t.login(other.email);
    const admin = await t.createUser({ roleId: ROLE.admin, firstName: 'Ada', lastName: 'Admin' });
    adminToken = await t.login(admin.email);
    await seed(userId, 25, 'approved', -1);
    await seed(otherId, 5, 'approved', -1);
  });
  afterAll(() => t.close());

  /** `count` campaigns of `owner` named "<prefix> n", each a minute older (`step` -1) or newer (+1) than the last made. */
  async function seed(
    owner: number,
    count: number,
    approvalStatus: 'pending' | 'approved',
    step: 1 | -1,
    prefix = 'Row',
  ) {
    const advertiserId = await t.advertiserOf(owner);
    const rows = Array.from({ length: count }, () => {
      made += 1;
      const createdAt = new Date(epoch + step * made * 60_000);
      return {
        advertiserId,
        userId: owner,
        name: `${prefix} ${made}`,
        objective: 'Video view' as const,
        budgetType: 'lifetime' as const,
        budgetAmount: '100.00',
        keywords: ['a', 'b', 'c'],
        approvalStatus,
        createdAt,
        updatedAt: createdAt,
        submittedAt: createdAt,
      };
    });
    await t.database.db.insert(campaigns).values(rows);
  }

  const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  type Page = { data: { id: number }[]; pagination: Pagination };
  const page = async (url: string, as = token): Promise<Page> => {
    const response = await get(url, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const ids = (answer: Page) => answer.data.map((row) => row.id);
  const withCursor = (base: string, number: number, cursor: string | undefined) =>
    `${base}${base.includes('?') ? '&' : '?'}page=${number}&cursor=${encodeURIComponent(cursor!)}`;

  const LISTS = [
    ['the active tab', '/api/customer/my-active-campaigns', () => token],
    ['the review queue', '/api/get-campaign-requests?listing_type=active&search=Row', () => adminToken],
    ['analytics', '/api/customer/campaigns-analytics', () => token],
  ] as const;

  it.each(LISTS)('steps through %s with cursors as by page numbers, forwards and back', async (_name, base, as) => {
    const byNumber = await Promise.all(
      [1, 2, 3].map((n) => page(`${base}${base.includes('?') ? '&' : '?'}page=${n}`, as())),
    );
    expect(byNumber[2]!.pagination.next_cursor).toBeUndefined();
    expect(byNumber[0]!.pagination.prev_cursor).toBeUndefined();
    let shown = byNumber[0]!;
    for (const n of [2, 3]) {
      shown = await page(withCursor(base, n, shown.pagination.next_cursor), as());
      expect(ids(shown)).toEqual(ids(byNumber[n - 1]!));
      expect(shown.pagination).toMatchObject({ current_page: n, total: byNumber[0]!.pagination.total });
    }
    for (const n of [2, 1]) {
      shown = await page(withCursor(base, n, shown.pagination.prev_cursor), as());
      expect(ids(shown)).toEqual(ids(byNumber[n - 1]!));
    }
  });

  it('answers 422 (as any query that does not validate), never 500, to a cursor of another account, tab or search, or a malformed one', async () => {
    const mine = (await page('/api/customer/my-active-campaigns')).pagination.next_cursor!;
    const theirs = (await page('/api/customer/my-active-campaigns?per_page=2', otherToken)).pagination.next_cursor!;
    const forged = Buffer.from(`after.99999999999999999.1.${'x'.repeat(12)}`).toString('base64url');
    const cases = [
      ['/api/customer/my-active-campaigns', theirs, token],
      ['/api/customer/my-active-campaigns', mine, otherToken],
      ['/api/customer/my-pending-campaigns', mine, token],
      ['/api/customer/my-active-campaigns?search=Row', mine, token],
      ['/api/customer/campaigns-analytics', mine, token],
      ['/api/get-campaign-requests?listing_type=active', mine, adminToken],
      ['/api/customer/my-active-campaigns', 'not a cursor', token],
      ['/api/customer/my-active-campaigns', forged, token],
      ['/api/customer/my-active-campaigns', 'x'.repeat(201), token],
    ] as const;
    for (const [base, cursor, as] of cases) {
      const response = await get(withCursor(base, 2, cursor), as);
      expect(response.statusCode, `${base} ${cursor}`).toBe(422);
      expect(errorBody(response).message).toContain(LIST_MESSAGES.cursor);
    }
  });

  it('neither skips nor repeats a row when campaigns are added while stepping', async () => {
    const base = '/api/customer/my-active-campaigns';
    const first = await page(base);
    await seed(userId, 3, 'approved', 1, 'Newer');
    const second = await page(withCursor(base, 2, first.pagination.next_cursor));
    const third = await page(withCursor(base, 3, second.pagination.next_cursor));
    // The 25 seeded first, in order, whatever came in above them meanwhile.
    const seen = [...ids(first), ...ids(second), ...ids(third)];
    expect(new Set(seen).size).toBe(seen.length);
    const all = await page(`${base}?per_page=100&search=Row`);
    expect(seen).toEqual(ids(all));
    // By number alone, page 2 now repeats the three rows page 1 had at its end.
    const byNumber = await page(`${base}?page=2`);
    expect(ids(byNumber).slice(0, 3)).toEqual(ids(first).slice(-3));
  });

  it("reads an export's batches past rows made within one millisecond, neither skipping nor repeating any", async () => {
    const owner = await t.createUser({ firstName: 'Mia', lastName: 'Micro' });
    const advertiserId = await t.advertiserOf(owner.id);
    // Seven campaigns 100 microseconds apart, all in the same millisecond: a batch of two ends
    // inside it every time, where a boundary kept in milliseconds (a Date) would drop the rest.
    await t.database.db.execute(sql`
      insert into campaigns (user_id, advertiser_id, name, objective, budget_type, budget_amount, keywords,
                             approval_status, created_at, updated_at)
      select ${owner.id}, ${advertiserId}, 'Micro ' || n, 'Brand awareness', 'lifetime', 100, array['a'],
             'approved', timestamptz '2026-11-01 12:00:00.123900' - n * interval '100 microseconds', now()
      from generate_series(1, 7) as n`);
    const batches = [];
    for await (const batch of new CampaignListQueries(t.database.db).analyticsBatches({ advertiserId }, '', 2)) {
      batches.push(batch.map((view) => view.campaign.name));
    }
    expect(batches).toEqual([['Micro 1', 'Micro 2'], ['Micro 3', 'Micro 4'], ['Micro 5', 'Micro 6'], ['Micro 7']]);
  });

  it(`counts at most ${LIST_LIMITS.maxCounted} rows, and says so, with a next page while there are more`, async () => {
    const many = await t.createUser({ firstName: 'Max', lastName: 'Many' });
    const manyToken = await t.login(many.email);
    await seed(many.id, LIST_LIMITS.maxCounted + 5, 'pending', -1, 'Many');
    const base = '/api/customer/my-pending-campaigns?per_page=100';
    const first = await page(base, manyToken);
    expect(first.pagination).toMatchObject({ total: LIST_LIMITS.maxCounted, total_exact: false, last_page: 10 });
    let shown = first;
    for (let n = 2; n <= 11; n++) shown = await page(withCursor(base, n, shown.pagination.next_cursor), manyToken);
    expect(shown.data).toHaveLength(5);
    expect(shown.pagination).toMatchObject({ current_page: 11, last_page: 11 });
    expect(shown.pagination.next_cursor).toBeUndefined();
  });

  it(`counts at most ${LIST_LIMITS.maxCountedSearch} matches of a search, in every list that searches (decision 042)`, async () => {
    const finder = await t.createUser({ firstName: 'Sue', lastName: 'Searcher' });
    const finderToken = await t.login(finder.email);
    const matches = LIST_LIMITS.maxCountedSearch + 5;
    await seed(finder.id, matches, 'approved', -1, 'Found');
    const searches = [
      ['/api/customer/my-active-campaigns?search=found', finderToken],
      ['/api/customer/campaigns-analytics?search=found', finderToken],
      ['/api/get-campaign-requests?listing_type=active&search=found', adminToken],
      ['/api/get-campaign-requests?listing_type=active&search=Searcher', adminToken],
    ] as const;
    for (const [url, as] of searches) {
      const first = await page(`${url}&per_page=10`, as);
      expect(first.pagination, url).toMatchObject({
        total: LIST_LIMITS.maxCountedSearch,
        total_exact: false,
        last_page: 10,
      });
      expect(first.data, url).toHaveLength(10);
    }
    // The same rows without a search are under the list's own cap, so counted exactly.
    const all = await page('/api/customer/my-active-campaigns?per_page=10', finderToken);
    expect(all.pagination).toMatchObject({ total: matches, last_page: Math.ceil(matches / 10) });
    expect(all.pagination.total_exact).toBeUndefined();
  });
});
