import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@portal/contract';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { hashPassword } from '../lib/passwords';
import { openDatabase, type DatabaseHandle } from './database';

/**
 * Migrations 0017 and 0018 make every customer the owner of a one-person advertiser account that
 * owns what was theirs (docs/product/teams.md). This test writes data as the schema before them
 * had it, migrates, and checks that nothing was lost, on whichever database the tests run on.
 */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const LAST_BEFORE_ACCOUNTS = '0016_session_activity';

type Journal = { entries: { idx: number; tag: string }[] };

async function migrateWith(database: DatabaseHandle, folder: string) {
  if (database.kind === 'postgres')
    await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
}

async function rows<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('the migration to advertiser accounts', () => {
  let database: DatabaseHandle;
  let oldFolder: string;
  let t: TestApp;
  const ids = { admin: 0, acme: 0, solo: 0, unfinished: 0 };

  beforeAll(async () => {
    // The migrations as they stood before advertiser accounts: the same files, a shorter journal.
    oldFolder = await mkdtemp(path.join(os.tmpdir(), 'portal-old-migrations-'));
    await cp(migrationsFolder, oldFolder, { recursive: true });
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
    const last = journal.entries.findIndex((entry) => entry.tag === LAST_BEFORE_ACCOUNTS);
    await writeFile(
      path.join(oldFolder, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }),
    );
    database = process.env.DATABASE_URL ? await openTestDatabase({ migrated: false }) : await openDatabase({});
    await migrateWith(database, oldFolder);
    await writeOldData();
    await migrateWith(database, migrationsFolder);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await rm(oldFolder, { recursive: true, force: true });
  });

  /** What the previous schema held: an administrator, two customers with campaigns, files, payments and figures, one sign-up left halfway. */
  async function writeOldData() {
    const hash = await hashPassword(TEST_PASSWORD);
    const user = async (email: string, roleId: number, first: string | null, last: string | null, step = 4) =>
      (
        await rows<{ id: number }>(
          database,
          sql`insert into users (email, password_hash, role_id, first_name, last_name, registration_step)
              values (${email}, ${hash}, ${roleId}, ${first}, ${last}, ${step}) returning id`,
        )
      )[0]!.id;
    ids.admin = await user('old-admin@example.com', ROLE.admin, 'Ada', 'Admin');
    ids.acme = await user('acme@example.com', ROLE.customer, 'Ann', 'Acme');
    ids.solo = await user('solo@example.com', ROLE.customer, 'Sol', 'Solo');
    ids.unfinished = await user('halfway@example.com', ROLE.customer, null, null, 2);
    await database.db.execute(sql`
      insert into billing_details (user_id, type, business_name, tax_id, currency, country, address, city, state, postal_code)
      values (${ids.acme}, 'company', 'Acme Ads', 'TAX-9', 'usd', 'us', '1 Main Street', 'Springfield', 'Illinois', '62701'),
             (${ids.solo}, 'individual', null, null, 'usd', 'us', '2 Side Street', 'Shelbyville', 'Illinois', '62565'),
             (${ids.admin}, 'individual', null, null, 'usd', 'us', '3 Office Road', 'Capital City', 'Illinois', '62702')`);
    const campaign = async (userId: number, name: string, status: string) =>
      (
        await rows<{ id: number }>(
          database,
          sql`insert into campaigns (user_id, name, objective, budget_type, budget_amount, keywords, approval_status, created_at, updated_at)
              values (${userId}, ${name}, 'Brand awareness', 'lifetime', '100.00', ${sql`array['shoes']`}, ${status}, now(), now())
              returning id`,
        )
      )[0]!.id;
    const acmeApproved = await campaign(ids.acme, 'Acme spring', 'approved');
    await campaign(ids.acme, 'Acme draft', 'draft');
    const soloPending = await campaign(ids.solo, 'Solo launch', 'pending');
    await database.db.execute(sql`
      insert into media_files (key, user_id, file_name, content_type, size, campaign_id, position, issued_at)
      values ('campaign-content/a.png', ${ids.acme}, 'a.png', 'image/png', 10, ${acmeApproved}, 0, now()),
             ('campaign-content/b.png', ${ids.solo}, 'b.png', 'image/png', 20, null, null, now())`);
    await database.db.execute(sql`
      insert into payment_customers (user_id, provider, customer_id, created_at) values (${ids.acme}, 'sandbox', 'cus_acme', now())`);
    await database.db.execute(sql`
      insert into payment_methods (user_id, provider, provider_method_id, brand, last4, exp_month, exp_year, created_at)
      values (${ids.acme}, 'sandbox', 'pm_acme', 'visa', '4242', 12, 2030, now())`);
    const link = (
      await rows<{ id: number }>(
        database,
        sql`insert into payment_links (campaign_id, user_id, token, amount_cents, status, created_at, closed_at)
            values (${acmeApproved}, ${ids.acme}, 'tok-acme', 10000, 'paid', now(), now()) returning id`,
      )
    )[0]!.id;
    await database.db.execute(sql`
      insert into payments (user_id, campaign_id, link_id, provider, transaction_id, status, amount_cents, campaign_name, billing, paid_at)
      values (${ids.acme}, ${acmeApproved}, ${link}, 'sandbox', 'txn-acme', 'succeeded', 10000, 'Acme spring', ${sql`'{}'::jsonb`}, now())`);
    await database.db.execute(sql`
      insert into customer_daily_figures (user_id, day, amount_spent_cents, ad_cost_cents, followers_count, posts, total_reach, post_reach, story_reach, total_impressions, post_impressions, story_impressions, post_likes, post_comments, post_shares, post_saves, story_account_taps, stories_with_link, link_clicks, lead_generated)
      values (${ids.acme}, '2026-11-20', 2500, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`);
    await database.db.execute(sql`
      insert into notifications (user_id, message, event_type, campaign_id, created_at)
      values (${ids.solo}, 'Your campaign was declined', 'review', ${soloPending}, now()),
             (${ids.admin}, 'Solo submitted a campaign', 'request', ${soloPending}, now())`);
    await database.db.execute(sql`
      insert into audit_log (actor_id, action, subject_type, subject_id, created_at)
      values (${ids.solo}, 'campaign.submitted', 'campaign', ${soloPending}, now()),
             (${ids.admin}, 'user.banned', 'user', ${ids.solo}, now())`);
  }

  const accountOf = async (userId: number) =>
    (
      await rows<{ advertiser_id: number; role: string; name: string }>(
        database,
        sql`select m.advertiser_id, m.role, a.name from advertiser_members m join advertisers a on a.id = m.advertiser_id where m.user_id = ${userId}`,
      )
    ).map((row) => ({ id: row.advertiser_id, role: row.role, name: row.name }));

  it('makes each customer the owner of a one-person account, named after them, and no account for administrators', async () => {
    expect(await accountOf(ids.admin)).toEqual([]);
    const [acme] = await accountOf(ids.acme);
    const [solo] = await accountOf(ids.solo);
    const [unfinished] = await accountOf(ids.unfinished);
    expect(acme).toMatchObject({ role: 'owner', name: 'Acme Ads' });
    expect(solo).toMatchObject({ role: 'owner', name: 'Sol Solo' });
    expect(unfinished).toMatchObject({ role: 'owner', name: 'halfway@example.com' });
    const members = await rows<{ n: number }>(database, sql`select count(*)::int as n from advertiser_members`);
    expect(members[0]!.n).toBe(3);
  });

  it('gives every row the account of the customer it belonged to, and keeps the campaign creator', async () => {
    const [acme] = await accountOf(ids.acme);
    const [solo] = await accountOf(ids.solo);
    const owned = async (table: string) =>
      rows<{ advertiser_id: number }>(database, sql`select advertiser_id from ${sql.identifier(table)} order by 1`);
    const campaigns = await rows<{ advertiser_id: number; user_id: number; name: string }>(
      database,
      sql`select advertiser_id, user_id, name from campaigns order by id`,
    );
    expect(campaigns).toEqual([
      { advertiser_id: acme!.id, user_id: ids.acme, name: 'Acme spring' },
      { advertiser_id: acme!.id, user_id: ids.acme, name: 'Acme draft' },
      { advertiser_id: solo!.id, user_id: ids.solo, name: 'Solo launch' },
    ]);
    expect((await owned('media_files')).map((row) => row.advertiser_id)).toEqual(
      [acme!.id, solo!.id].sort((a, b) => a - b),
    );
    for (const table of [
      'payment_customers',
      'payment_methods',
      'payment_links',
      'payments',
      'customer_daily_figures',
    ]) {
      expect(await owned(table), table).toEqual([{ advertiser_id: acme!.id }]);
    }
    const billing = await rows<{ advertiser_id: number; business_name: string | null }>(
      database,
      sql`select advertiser_id, business_name from billing_details order by advertiser_id`,
    );
    // Administrators are never billed: their rows had nothing to belong to.
    expect(billing).toEqual(
      [
        { advertiser_id: acme!.id, business_name: 'Acme Ads' },
        { advertiser_id: solo!.id, business_name: null },
      ].sort((a, b) => a.advertiser_id - b.advertiser_id),
    );
    const notifications = await rows<{ user_id: number; advertiser_id: number | null }>(
      database,
      sql`select user_id, advertiser_id from notifications order by id`,
    );
    expect(notifications).toEqual([
      { user_id: ids.solo, advertiser_id: solo!.id },
      { user_id: ids.admin, advertiser_id: null },
    ]);
    const audit = await rows<{ action: string; advertiser_id: number | null }>(
      database,
      sql`select action, advertiser_id from audit_log order by id`,
    );
    expect(audit).toEqual([
      { action: 'campaign.submitted', advertiser_id: solo!.id },
      { action: 'user.banned', advertiser_id: null },
    ]);
  });

  it('leaves a database the API serves: the customer sees their campaigns, figures and cards, and new accounts get new ids', async () => {
    t = await createTestApp({ database });
    const token = await t.login('acme@example.com');
    const active = await t.app.inject({
      method: 'GET',
      url: '/api/customer/my-active-campaigns',
      headers: bearer(token),
    });
    expect(active.json().data.map((campaign: { campaign_name: string }) => campaign.campaign_name)).toEqual([
      'Acme spring',
    ]);
    const draft = await t.app.inject({ method: 'GET', url: '/api/customer/campaign-draft', headers: bearer(token) });
    expect(draft.json().data.campaign.campaign_name).toBe('Acme draft');
    const cards = await t.app.inject({ method: 'GET', url: '/api/stripe/get-payment-methods', headers: bearer(token) });
    expect(cards.json().data.map((card: { last4: string }) => card.last4)).toEqual(['4242']);
    const activity = await t.app.inject({ method: 'GET', url: '/api/my-payment-activities', headers: bearer(token) });
    expect(activity.json().data).toHaveLength(1);
    const newcomer = await t.createUser();
    const highest = await rows<{ id: number }>(database, sql`select max(id) as id from advertisers`);
    expect(await t.advertiserOf(newcomer.id)).toBe(highest[0]!.id);
    expect((await accountOf(newcomer.id))[0]!.id).toBeGreaterThan((await accountOf(ids.unfinished))[0]!.id);
  });
});
