import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MESSAGES } from '@portal/contract';
import { campaigns } from '../../db/schema';
import { wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

type Tab = 'active' | 'pending' | 'archived';

describe("the customer's campaign lists", () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({ firstName: 'Ada', lastName: 'Lovelace' });
    userId = user.id;
    token = await t.login(user.email);
  });
  afterAll(() => t.close());

  const wizard = wizardOf(() => t);
  const list = (tab: Tab, query = '', as = token) =>
    t.app.inject({ method: 'GET', url: `/api/customer/my-${tab}-campaigns${query}`, headers: bearer(as) });
  const names = async (tab: Tab, query = '', as = token) =>
    (await list(tab, query, as)).json().data.map((campaign: { campaign_name: string }) => campaign.campaign_name);

  /** Campaigns straight into the table, oldest first, one minute apart. */
  async function seed(owner: number, rows: { name: string; approvalStatus?: 'pending' | 'approved' | 'declined' }[]) {
    const start = Date.now() - rows.length * 60_000;
    const advertiserId = await t.advertiserOf(owner);
    await t.database.db.insert(campaigns).values(
      rows.map((row, index) => ({
        advertiserId,
        userId: owner,
        name: row.name,
        objective: 'Video view' as const,
        budgetType: 'lifetime' as const,
        budgetAmount: '100.00',
        keywords: ['a', 'b', 'c'],
        approvalStatus: row.approvalStatus ?? 'pending',
        createdAt: new Date(start + index * 60_000),
        updatedAt: new Date(start + index * 60_000),
      })),
    );
  }

  it('puts each campaign in its tab as its state says, and drafts in none', async () => {
    const pending = await wizard.createSubmitted(token, { campaign_name: 'Tabs pending' });
    const approved = await wizard.createSubmitted(token, { campaign_name: 'Tabs approved' });
    const declined = await wizard.createSubmitted(token, { campaign_name: 'Tabs declined' });
    const archived = await wizard.createSubmitted(token, { campaign_name: 'Tabs archived' });
    const deleted = await wizard.createSubmitted(token, { campaign_name: 'Tabs deleted' });
    await wizard.saveDetails(token, { campaign_name: 'Tabs draft' });
    await wizard.setState(approved.id, { approvalStatus: 'approved' });
    await wizard.setState(declined.id, { approvalStatus: 'declined', declineReason: 'Blurry photo' });
    await wizard.setState(archived.id, { approvalStatus: 'approved', archivedAt: new Date() });
    await wizard.setState(deleted.id, { archivedAt: new Date(), deletedAt: new Date() });

    const search = '?search=Tabs';
    expect(await names('active', search)).toEqual(['Tabs approved']);
    expect(await names('pending', search)).toEqual(['Tabs declined', 'Tabs pending']);
    expect(await names('archived', search)).toEqual(['Tabs archived']);

    const answer = (await list('pending', search)).json();
    expect(answer.type).toBe('Pending');
    expect(answer.pagination).toEqual({ current_page: 1, per_page: 10, last_page: 1, total: 2 });
    expect(answer.data[0]).toMatchObject({
      id: declined.id,
      approval_status: 'declined',
      decline_reason: 'Blurry photo',
      user_first_name: 'Ada',
      user_last_name: 'Lovelace',
      ad_title: 'New shoes for spring',
      destination_url: 'https://shop.example.com/spring',
      delivery_status: 'off',
      statistics: [],
    });
    expect(answer.data[1].id).toBe(pending.id);
    expect((await list('active', search)).json().type).toBe('Active');
    expect((await list('archived', search)).json().type).toBe('Archive');
  });

  it('pages newest first, with the total and the last page', async () => {
    const owner = await t.createUser();
    await seed(
      owner.id,
      Array.from({ length: 25 }, (_, index) => ({ name: `Paged ${String(index + 1).padStart(2, '0')}` })),
    );
    const ownerToken = await t.login(owner.email);
    expect(await names('pending', '', ownerToken)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Paged ${String(25 - index).padStart(2, '0')}`),
    );
    const last = (await list('pending', '?page=3', ownerToken)).json();
    expect(last.data.map((row: { campaign_name: string }) => row.campaign_name)).toEqual([
      'Paged 05',
      'Paged 04',
      'Paged 03',
      'Paged 02',
      'Paged 01',
    ]);
    expect(last.pagination).toEqual({ current_page: 3, per_page: 10, last_page: 3, total: 25 });
    expect((await list('pending', '?page=2&per_page=20', ownerToken)).json().data).toHaveLength(5);
    expect((await list('pending', '?page=9', ownerToken)).json()).toMatchObject({
      data: [],
      pagination: { current_page: 9, last_page: 3, total: 25 },
    });
    expect((await list('active', '', ownerToken)).json()).toMatchObject({ data: [], pagination: { last_page: 1 } });
  });

  it('searches names ignoring case, with %, _, \\ and quotes taken literally', async () => {
    const owner = await t.createUser();
    const ownerToken = await t.login(owner.email);
    await seed(owner.id, [
      { name: 'Summer 50% off' },
      { name: 'Summer 500 off' },
      { name: 'snake_case promo' },
      { name: 'snakeXcase promo' },
      { name: 'back\\slash' },
      { name: "O'Reilly books" },
    ]);
    expect(await names('pending', '?search=SUMMER', ownerToken)).toEqual(['Summer 500 off', 'Summer 50% off']);
    expect(await names('pending', `?search=${encodeURIComponent('50%')}`, ownerToken)).toEqual(['Summer 50% off']);
    expect(await names('pending', '?search=e_c', ownerToken)).toEqual(['snake_case promo']);
    expect(await names('pending', `?search=${encodeURIComponent('k\\s')}`, ownerToken)).toEqual(['back\\slash']);
    expect(await names('pending', `?search=${encodeURIComponent("o'rei")}`, ownerToken)).toEqual(["O'Reilly books"]);
    expect(await names('pending', `?search=${encodeURIComponent("'; drop table campaigns; --")}`, ownerToken)).toEqual(
      [],
    );
    expect(await names('pending', '?search=%20%20', ownerToken)).toHaveLength(6);
  });

  it("shows only the caller's own campaigns", async () => {
    const other = await t.createUser();
    const otherToken = await t.login(other.email);
    await wizard.createSubmitted(otherToken, { campaign_name: 'Not yours' });
    expect(await names('pending', '?search=Not%20yours')).toEqual([]);
    expect(await names('pending', '?search=Not%20yours', otherToken)).toEqual(['Not yours']);
    expect(userId).not.toBe(other.id);
  });

  it('refuses a bad page, page size or search with the documented messages', async () => {
    const cases: [string, string, string][] = [
      ['?page=0', 'page', LIST_MESSAGES.page],
      ['?page=abc', 'page', LIST_MESSAGES.page],
      ['?per_page=101', 'per_page', LIST_MESSAGES.perPage],
      [`?search=${'x'.repeat(101)}`, 'search', LIST_MESSAGES.searchTooLong],
    ];
    for (const [query, field, message] of cases) {
      const answer = await list('active', query);
      expect(answer.statusCode, query).toBe(422);
      expect(errorBody(answer).errors?.[field]).toEqual([message]);
    }
  });

  it('is for customers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/my-active-campaigns' })).statusCode).toBe(401);
    const admin = await t.createUser({ roleId: 1 });
    expect((await list('active', '', await t.login(admin.email))).statusCode).toBe(403);
  });
});
