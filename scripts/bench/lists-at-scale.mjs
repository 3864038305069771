// `npm run bench:lists` (issue 31, target 4): do the lists stay flat as the portal grows? On
// PostgreSQL only (DATABASE_URL), in a database of its own (BENCH_DATABASE, `portal_bench_lists`
// unless set, created afresh), the built server is measured with 10,000 campaigns and again
// after the same database has grown to 1,000,000 (BENCH_LIST_SIZES changes both).
//
// What grows with the portal grows in proportion: 100 customers, `owner0` … `owner99`, and
// campaign n belongs to customer n % 100, so the measured customer (`owner0`) owns 1% of the
// campaigns at every size (100 at 10,000, 10,000 at 1,000,000), and so does the customer whose
// name the administrators' search looks for. States are mixed as in `npm run bench`. The seed goes
// straight in SQL (generate_series); each campaign gets one statistics entry and no ad, fewer
// than `npm run bench` gives, so that a million seed in minutes: the lists read only the current
// entry, and the ad is a left join.
//
// Each list is asked SAMPLES times in a row (after WARM_UP unmeasured), one request at a time,
// and its p50 and p99 reported with the ratio of the p50 at the largest size to the smallest,
// beside os.loadavg() at the start and the end of each size.
import os from 'node:os';
import pg from 'pg';
import { startBuiltServer } from '../lib/built-server.mjs';
import { freshBenchDatabase } from '../lib/bench-database.mjs';
import { CAMPAIGN_COLUMNS, campaignValues } from './seed-campaigns.mjs';

if (!process.env.DATABASE_URL) throw new Error('bench:lists measures PostgreSQL only: set DATABASE_URL');
const port = Number(process.env.BENCH_PORT ?? 3320);
const origin = `http://127.0.0.1:${port}`;
const admin = { email: 'bench@example.com', password: 'Bench-pass-1' };
const SIZES = (process.env.BENCH_LIST_SIZES ?? '10000,1000000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 20);
/** Another build of the server to measure (BENCH_API_ENTRY), e.g. a copy of the one before a change. */
const entry = process.env.BENCH_API_ENTRY;
const CUSTOMERS = 100;
/** Rows per INSERT, so the seed's progress shows and no statement holds a million rows. */
const CHUNK = 250_000;

const seedCustomers = `INSERT INTO users (email, password_hash, role_id, first_name, last_name, registration_step, status, created_at, updated_at)
   SELECT 'owner' || k || '@bench.test', (SELECT password_hash FROM users WHERE email = '${admin.email}'), 2,
          'Bench', 'Owner ' || lpad(k::text, 4, '0'), 4, true, now(), now()
   FROM generate_series(0, ${CUSTOMERS - 1}) AS k ORDER BY k`;
const seedAccounts = `INSERT INTO advertisers (name, created_at)
   SELECT email, now() FROM users WHERE email LIKE 'owner%@bench.test' ORDER BY id`;
const seedMembers = `INSERT INTO advertiser_members (advertiser_id, user_id, role, joined_at)
   SELECT a.id, u.id, 'owner', now() FROM users u JOIN advertisers a ON a.name = u.email`;

/** Campaigns `from` … `to`: campaign n is customer n % 100's, created n minutes before the seed's epoch. */
const seedCampaigns = (from, to) => `WITH owners AS (
     SELECT u.id AS user_id, m.advertiser_id, substring(u.email from 'owner(\\d+)@')::int AS k
     FROM users u JOIN advertiser_members m ON m.user_id = u.id WHERE u.email LIKE 'owner%@bench.test')
   INSERT INTO campaigns (user_id, advertiser_id, ${CAMPAIGN_COLUMNS})
   SELECT o.user_id, o.advertiser_id,
          ${campaignValues({ group: 100, epoch: "timestamp '2026-01-01'", archivedAt: "timestamp '2026-01-01'" })}
   FROM generate_series(${from}, ${to}) AS n JOIN owners o ON o.k = n % ${CUSTOMERS}`;

/** One statistics entry for each campaign of ids `from` … `to` that has none. */
const seedEntries = (
  fromId,
  toId,
) => `INSERT INTO campaign_statistics (campaign_id, as_of, saved_at, date_paid, amount_spent_cents,
        ad_cost_cents, followers_count, posts, duration, total_reach, post_reach, story_reach, total_impressions,
        post_impressions, story_impressions, post_likes, post_comments, post_shares, post_saves, story_account_taps,
        stories_with_link, link_clicks, lead_generated, dates)
   SELECT c.id, current_date - c.id % 4, now(), current_date - 40, 1000 + c.id % 500, 800 + c.id % 300, 50 + c.id % 70, 1, 24,
          900 + c.id % 400, 600, 300, 2000, 1400, 600, 80, 12, 9, 7, 5, 1, 30, 2, ARRAY[now()]
   FROM campaigns c WHERE c.id BETWEEN ${fromId} AND ${toId}`;

async function seed(client, from, to) {
  const started = Date.now();
  if (from === 1) for (const statement of [seedCustomers, seedAccounts, seedMembers]) await client.query(statement);
  for (let start = from; start <= to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK - 1);
    const { rows } = await client.query('SELECT coalesce(max(id), 0) AS id FROM campaigns');
    await client.query(seedCampaigns(start, end));
    await client.query(seedEntries(Number(rows[0].id) + 1, Number(rows[0].id) + 1 + (end - start)));
    console.log(`  … ${end.toLocaleString('en-US')} campaigns (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  // What autovacuum would have done by now: planner statistics and the visibility map.
  await client.query('VACUUM ANALYZE');
  return (Date.now() - started) / 1000;
}

/**
 * The Authorization header of a fresh session of `email` (the customers share the administrator's
 * password). Asked again for up to a minute: just after a start, with the administrator not yet
 * created or the database's connections still opening, the server answers 401 or 503.
 */
async function signIn(email) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: admin.password }),
    });
    if (response.ok) return { authorization: `Bearer ${(await response.json()).access_token}` };
    if (attempt === 120) throw new Error(`login of ${email} answered ${response.status}: ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function getJson(url, headers) {
  const response = await fetch(`${origin}${url}`, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * p50 and p99 in ms of SAMPLES sequential requests of `url`, after WARM_UP unmeasured ones, and
 * how many failed (a 503 is the server giving up on a query that took too long): their times count.
 */
async function time(url, headers) {
  const times = [];
  let failed = 0;
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${origin}${url}`, { headers });
    await response.arrayBuffer();
    if (i < WARM_UP) continue;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (!response.ok) failed += 1;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(SAMPLES / 2)], p99: times[Math.min(SAMPLES - 1, Math.floor(SAMPLES * 0.99))], failed };
}

/**
 * The URL of the page nine tenths of the way down `base`: with the cursor of the page before it
 * when the API gives one (how the web steps), else by page number alone (OFFSET).
 */
async function deepPageUrl(base, headers) {
  const first = await getJson(`${base}page=1&per_page=10`, headers);
  const page = Math.max(2, Math.ceil(first.pagination.last_page * 0.9));
  const before = await getJson(`${base}page=${page - 1}&per_page=10`, headers);
  const cursor = before.pagination.next_cursor;
  return { page, url: `${base}page=${page}&per_page=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` };
}

const failedText = ({ failed }) => (failed ? ` (${failed} of ${SAMPLES} failed)` : '');

async function measureLists() {
  const customer = await signIn('owner0@bench.test');
  const administrator = await signIn(admin.email);
  const active = '/api/customer/my-active-campaigns?';
  const deep = await deepPageUrl(active, customer);
  const review = (tab) => `/api/get-campaign-requests?listing_type=${tab}&page=1&per_page=10`;
  const lists = [
    ['customer active tab, page 1', `${active}page=1&per_page=10`, customer],
    [`customer active tab, deep page (${deep.page})`, deep.url, customer],
    ['customer active tab, search "boots"', `${active}page=1&per_page=10&search=boots`, customer],
    ['customer pending tab, page 1', '/api/customer/my-pending-campaigns?page=1&per_page=10', customer],
    ['review queue, pending', review('pending'), administrator],
    ['review queue, active', review('active'), administrator],
    ['review queue, declined', review('declined'), administrator],
    ['review queue, active, search customer "Owner 0042"', `${review('active')}&search=Owner%200042`, administrator],
    ['customer analytics, page 1', '/api/customer/campaigns-analytics?page=1&per_page=10', customer],
  ];
  const figures = new Map();
  for (const [name, url, headers] of lists)
    figures.set(name.replace(/ \(\d+\)/, ''), { name, ...(await time(url, headers)) });
  return figures;
}

const load1 = () => os.loadavg()[0].toFixed(2);
const name = process.env.BENCH_DATABASE ?? 'portal_bench_lists';
// BENCH_KEEP_DATABASE=1 measures the database a run before left (seeding only what it lacks).
const keep = process.env.BENCH_KEEP_DATABASE === '1';
const databaseUrl = keep
  ? Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${name}` }).toString()
  : await freshBenchDatabase('postgres', { dataDir: undefined, name });
const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1' };
Object.assign(env, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'warn' });
// The first start creates the schema and the administrator, whose password the customers share.
let server = startBuiltServer({ env, origin, entry });
await server.ready;
// The administrator is created just after the server answers.
await signIn(admin.email);
await server.stop();

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const results = [];
let seeded = keep ? Number((await client.query('SELECT count(*) AS n FROM campaigns')).rows[0].n) : 0;
for (const size of SIZES) {
  const seconds = size > seeded ? await seed(client, seeded + 1, size) : 0;
  seeded = size;
  server = startBuiltServer({ env, origin, entry });
  await server.ready;
  const loadBefore = load1();
  try {
    const figures = await measureLists();
    results.push({ size, seconds, loadBefore, loadAfter: load1(), figures });
  } finally {
    await server.stop();
  }
  const last = results.at(-1);
  console.log(
    `${size.toLocaleString('en-US')} campaigns (seeded in ${seconds.toFixed(0)} s), load ${last.loadBefore} → ${last.loadAfter}`,
  );
  for (const { name, p50, p99 } of last.figures.values())
    console.log(`  ${name}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
}
await client.end();

const [small, large] = [results[0], results.at(-1)];
const size = (result) => result.size.toLocaleString('en-US');
console.log(
  `\n${os.cpus().length} CPUs; ${SAMPLES} sequential requests per list; the measured customer owns 1% of the campaigns.`,
);
console.log(`| List | p50 / p99 at ${size(small)} (ms) | p50 / p99 at ${size(large)} (ms) | p50 ratio |`);
console.log('| --- | --- | --- | --- |');
for (const [key, at] of small.figures) {
  const big = large.figures.get(key);
  const ratio = big.p50 / at.p50;
  console.log(
    `| ${big.name} | ${at.p50.toFixed(1)} / ${at.p99.toFixed(1)}${failedText(at)} | ${big.p50.toFixed(1)} / ${big.p99.toFixed(1)}${failedText(big)} | ${ratio.toFixed(2)}${ratio > 1.5 ? ' ✗' : ''} |`,
  );
}
for (const result of results)
  console.log(`Load (1-minute) at ${size(result)}: ${result.loadBefore} at the start, ${result.loadAfter} at the end.`);
