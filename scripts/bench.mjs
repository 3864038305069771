// `npm run bench`: starts the built server and measures it with autocannon, on the embedded
// database and, when DATABASE_URL names a PostgreSQL server, on PostgreSQL as well (in a
// database of its own, `portal_bench`, created afresh). For each database:
// - login (one argon2id hash per request, CPU-bound by design) and an authenticated read;
// - /api/health, and the customer campaign lists (page 1 and the last page of each tab, and a
//   search) for a customer with 200 campaigns and one with 20,000, among 1,000 customers and
//   200,000 campaigns (2 million statistics entries) seeded straight into the database, each next to the same queries sent
//   to the database without the API, so the table shows the API's cost as a ratio;
// - forgot-password for a registered and an unknown address, which must not differ;
// - the dashboards and analytics for the customer with 20,000 campaigns of 10 statistics
//   entries each, the administrators' tiles with 20,000 campaigns and with 200,000, and the
//   CSV export of every approved campaign with the server's memory while it streams;
// - reports over dates: 90 days per day of one campaign, and of the large customer's account.
// BENCH_DATABASE names the PostgreSQL database (`portal_bench` unless set) and BENCH_PORT the
// server's port (3124), so two copies of the portal can be measured on one machine; with
// BENCH_DATABASES=postgres only PostgreSQL is measured.
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { verify } from '@node-rs/argon2';
import { EMBEDDED_EXTENSIONS } from '../apps/api/dist/embedded-extensions.js';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuDuring, loadRound, measureStart, residentMiB, settledMiB } from './bench/footprint.mjs';
import { listQuery, SEED, seedStages } from './bench/seed-campaigns.mjs';
import { benchServerEnv, startBuiltServer } from './lib/built-server.mjs';
import { freshBenchDatabase } from './lib/bench-database.mjs';

const port = Number(process.env.BENCH_PORT ?? 3124);
const origin = `http://127.0.0.1:${port}`;
const admin = { email: 'bench@example.com', password: 'Bench-pass-1' };
const dataDir = path.join(os.tmpdir(), `portal-bench-data-${port}`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Logins at once: as many as libuv's threads, which compute the hashes. */
const LOGIN_CONNECTIONS = 4;

let addressCounter = 0;
const randomAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

function startServer(databaseUrl) {
  const env = benchServerEnv({
    port,
    dataDir,
    databaseUrl,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // The per-address login limit (50 a minute) would answer most requests with 429, so the
    // benchmark sends each from its own address through a trusted X-Forwarded-For.
    TRUST_PROXY: 'true',
  });
  return startBuiltServer({ env, origin });
}

/** The database outside the server: seeding, and the bare queries the lists are compared with. */
async function openDirect(kind, databaseUrl) {
  if (kind === 'embedded') {
    const db = await PGlite.create({ dataDir: `${dataDir}/pglite`, extensions: EMBEDDED_EXTENSIONS });
    return {
      // PGlite has no prepared statements by name: each query is planned afresh, as in the server.
      query: ({ text, values }) => db.query(text, values),
      // One connection, as in the server: the fair bound is the queries run one after another.
      connections: 1,
      close: () => db.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return { query: (query) => pool.query(query), connections: 10, close: () => pool.end() };
}

/** Requests a second of a list's query sent straight to the database, for SECONDS. */
async function bareRate(direct, query) {
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await direct.query(query);
      done += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: direct.connections }, worker));
  return done / ((Date.now() - started) / 1000);
}

/** argon2id checks a second of `passwordHash` (made by the server), `concurrency` at a time, for SECONDS. */
async function bareVerifyRate(passwordHash, concurrency) {
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      if (!(await verify(passwordHash, admin.password))) throw new Error('argon2id check failed');
      done += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((Date.now() - started) / 1000);
}

async function load(options) {
  // A second first, not counted: the server's code and the database's caches warm up, so the
  // figure does not depend on what was measured before it.
  await autocannon({ connections: 10, duration: 1, ...options });
  const result = await autocannon({ connections: 10, duration: SECONDS, ...options });
  if (result.non2xx || result.errors)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50 };
}

async function post(url, body, headers = {}) {
  const response = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Median and 90th percentile of `count` sequential forgot-password requests for `email`, in ms. */
async function timeForgotPassword(email, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    const { status } = await post('/api/forgot-password', { email });
    if (status !== 200) throw new Error(`forgot-password answered ${status}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count / 2)], p90: times[Math.floor(count * 0.9)] };
}

async function prepare(kind) {
  const databaseUrl = await freshBenchDatabase(kind, { dataDir, name: process.env.BENCH_DATABASE ?? 'portal_bench' });
  // The first start creates the schema and the administrator; then the seed goes in directly,
  // in two stages, with the administrators' tiles measured after the first.
  const first = startServer(databaseUrl);
  const firstStart = await measureStart(first);
  await first.stop();
  const [smallPortal, wholePortal] = seedStages(admin.email);
  await seed(kind, databaseUrl, smallPortal, SEED.large.campaigns);
  const server = startServer(databaseUrl);
  let tilesAt20k, laterStart;
  try {
    laterStart = await measureStart(server);
    tilesAt20k = await load({ url: `${origin}/api/admin-dashboard-stats`, headers: await signIn(admin.email) });
  } finally {
    await server.stop();
  }
  await seed(kind, databaseUrl, wholePortal, SEED.campaigns);
  return { databaseUrl, tilesAt20k, starts: { firstStart, laterStart } };
}

async function seed(kind, databaseUrl, statements, campaigns) {
  const direct = await openDirect(kind, databaseUrl);
  const started = Date.now();
  try {
    for (const statement of statements) await direct.query({ text: statement });
  } finally {
    await direct.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`${kind}: seeded up to ${campaigns.toLocaleString('en-US')} campaigns in ${seconds} s`);
}

/** The Authorization header of a fresh session of `email` (every bench user has the admin's password). */
async function signIn(email) {
  const { body } = await post('/api/login', { email, password: admin.password });
  return { authorization: `Bearer ${body.access_token}` };
}

/** Downloads a CSV export, reading it as it streams, with the server's peak memory meanwhile. */
async function timeExport(url, headers, pid) {
  const before = residentMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMiB(pid))), 50);
  const started = Date.now();
  let lines = 0;
  let bytes = 0;
  try {
    const response = await fetch(`${origin}${url}`, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (Date.now() - started) / 1000;
  return {
    text:
      `${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 2 ** 20).toFixed(0)} MiB in ${seconds.toFixed(1)} s; ` +
      `server memory ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB`,
  };
}

const TABS = ['active', 'pending', 'archived'];

async function measure(kind) {
  const { databaseUrl, tilesAt20k, starts } = await prepare(kind);
  const server = startServer(databaseUrl);
  const rows = [];
  const listCases = [];
  const insights = [];
  const footprint = [
    ['First start on a new database: first `/api/health` answer, memory 3 s later', starts.firstStart],
    ['Later start, 20,000 campaigns', starts.laterStart],
  ];
  let bareArgon2;
  let loginCpu;
  try {
    footprint.push(['Later start, 200,000 campaigns', await measureStart(server)]);
    // Where login's CPU goes tells what bounds its ratio to the bare hash (README, Benchmark).
    const { result: login, cpu } = await cpuDuring(server.pid, () =>
      autocannon({
        url: `${origin}/api/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
        connections: LOGIN_CONNECTIONS,
        duration: SECONDS,
        requests: [
          { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomAddress() } }) },
        ],
      }),
    );
    loginCpu = cpu;
    rows.push(['`POST /api/login` (one argon2id hash each)', { rps: login.requests.average, p50: login.latency.p50 }]);
    rows.push(['`GET /api/health`', await load({ url: `${origin}/api/health` })]);
    const adminToken = (await post('/api/login', admin)).body.access_token;
    rows.push([
      '`GET /api/customer/current-session` (the session check, cached for a second)',
      await load({ url: `${origin}/api/customer/current-session`, headers: { authorization: `Bearer ${adminToken}` } }),
    ]);

    for (const customer of [SEED.small, SEED.large]) {
      const { body } = await post('/api/login', { email: customer.email, password: admin.password });
      const headers = { authorization: `Bearer ${body.access_token}` };
      const userId = body.user_data.id;
      for (const tab of TABS) {
        const first = await fetch(`${origin}/api/customer/my-${tab}-campaigns`, { headers });
        const lastPage = (await first.json()).pagination.last_page;
        for (const page of [1, lastPage]) {
          listCases.push({ customer, headers, userId, tab, page, search: '' });
        }
      }
      listCases.push({ customer, headers, userId, tab: 'active', page: 1, search: 'boots' });
    }
    for (const item of listCases) {
      const query = new URLSearchParams({ page: String(item.page), per_page: '10', search: item.search });
      item.api = await load({ url: `${origin}/api/customer/my-${item.tab}-campaigns?${query}`, headers: item.headers });
    }

    // Dashboards and analytics: the customer with 20,000 campaigns, 10 entries each.
    const large = await signIn(SEED.large.email);
    const adminHeaders = await signIn(admin.email);
    for (const [title, url] of [
      [
        '`GET /api/customer/campaigns-statistics` (16 figures and weekly changes)',
        '/api/customer/campaigns-statistics',
      ],
      ['`GET /api/customer/weekly-spent`', '/api/customer/weekly-spent'],
      ['`GET /api/customer/latest-campaigns-metrics`', '/api/customer/latest-campaigns-metrics'],
      [
        '`GET /api/customer/campaigns-pacing` (the 5 running campaigns ending soonest)',
        '/api/customer/campaigns-pacing',
      ],
      ['`GET /api/customer/campaigns-analytics`, page 1', '/api/customer/campaigns-analytics?page=1&per_page=10'],
      ['`GET /api/customer/campaigns-analytics`, search "boots"', '/api/customer/campaigns-analytics?search=boots'],
    ]) {
      insights.push([title, await load({ url: `${origin}${url}`, headers: large })]);
    }
    // Reports over dates, 90 days up to today: one campaign's from its entries, the account's
    // 20,000 campaigns from its ledger.
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const newest = await (
      await fetch(`${origin}/api/customer/campaigns-analytics?per_page=1`, { headers: large })
    ).json();
    for (const [title, url] of [
      [
        '`GET /api/customer/campaigns-analytics/:id/report`, one campaign, 90 days per day',
        `/api/customer/campaigns-analytics/${newest.data[0].id}/report?from=${from}&to=${to}`,
      ],
      [
        "`GET /api/customer/campaigns-analytics/report`, the account's 20,000 campaigns, 90 days",
        `/api/customer/campaigns-analytics/report?from=${from}&to=${to}`,
      ],
    ]) {
      insights.push([title, await load({ url: `${origin}${url}`, headers: large })]);
    }
    insights.push(['`GET /api/admin-dashboard-stats`, 20,000 campaigns', tilesAt20k]);
    insights.push([
      '`GET /api/admin-dashboard-stats`, 200,000 campaigns',
      await load({ url: `${origin}/api/admin-dashboard-stats`, headers: adminHeaders }),
    ]);
    insights.push([
      'CSV export of every approved campaign (`/api/all-campaigns-analytics/export`)',
      await timeExport('/api/all-campaigns-analytics/export', adminHeaders, server.pid),
    ]);

    const known = [];
    const unknown = [];
    for (let round = 0; round < 5; round++) {
      known.push(await timeForgotPassword(admin.email, 20));
      unknown.push(await timeForgotPassword(`nobody-${round}@example.com`, 20));
    }
    const median = (rounds, key) => rounds.map((round) => round[key]).sort((a, b) => a - b)[rounds.length >> 1];
    rows.push([
      'forgot-password p50, registered / unknown address',
      {
        text: `${median(known, 'p50').toFixed(1)} / ${median(unknown, 'p50').toFixed(1)} ms`,
      },
    ]);

    // Memory after everything above, then after three more rounds of load: it must level off.
    const afterLoad = [await settledMiB(server.pid)];
    for (let round = 0; round < 3; round++) {
      await loadRound({
        origin,
        headers: large,
        loginBody: admin,
        clientAddress: randomAddress,
        seconds: SECONDS,
      });
      afterLoad.push(await settledMiB(server.pid));
    }
    footprint.push([
      'Memory after the load above, then after each of three more rounds',
      { text: afterLoad.map((mib) => mib.toFixed(0)).join(' → ') + ' MiB' },
    ]);
  } finally {
    await server.stop();
  }

  // The same list queries without the API, once the server has let go of the database.
  const direct = await openDirect(kind, databaseUrl);
  try {
    for (const item of listCases) item.bare = await bareRate(direct, listQuery(item));
    // What login cannot beat: the administrator's own argon2id check, with nothing around it,
    // as many at once as the login figure's connections.
    const { rows: found } = await direct.query({
      text: 'select password_hash from users where email = $1',
      values: [admin.email],
    });
    bareArgon2 = await bareVerifyRate(found[0].password_hash, LOGIN_CONNECTIONS);
  } finally {
    await direct.close();
  }
  return { rows, listCases, insights, footprint, bareArgon2, loginCpu };
}

const kinds = !process.env.DATABASE_URL
  ? ['embedded']
  : process.env.BENCH_DATABASES === 'postgres'
    ? ['postgres']
    : ['embedded', 'postgres'];
const results = {};
for (const kind of kinds) results[kind] = await measure(kind);

const figure = (value) => {
  if (value.text) return value.text;
  if (value.rss !== undefined) return `${(value.ms / 1000).toFixed(1)} s, ${value.rss.toFixed(0)} MiB`;
  return `${value.rps.toFixed(0)} req/s, p50 ${value.p50} ms`;
};
const rateOf = (kind, fragment) => results[kind].rows.find(([title]) => title.includes(fragment))[1].rps;
const header = kinds.map((kind) => (kind === 'embedded' ? 'embedded database' : 'PostgreSQL'));
console.log(`\nBenchmark on ${os.cpus().length} cores, ${SECONDS} s per figure, 10 connections:\n`);
console.log(`| endpoint | ${header.join(' | ')} |`);
console.log(`| --- | ${header.map(() => '---').join(' | ')} |`);
results[kinds[0]].rows.forEach(([title], index) => {
  console.log(`| ${title} | ${kinds.map((kind) => figure(results[kind].rows[index][1])).join(' | ')} |`);
});
console.log(`\nWhat a request costs beside the work it cannot avoid (each rate ÷ the rate it cannot beat):\n`);
console.log(`| ratio | ${header.join(' | ')} |`);
console.log(`| --- | ${header.map(() => '---').join(' | ')} |`);
const ratio = (value, bound) => `${(value / bound).toFixed(2)}× (${value.toFixed(0)} ÷ ${bound.toFixed(0)}/s)`;
console.log(
  `| signed-in read (\`current-session\`) ÷ \`/api/health\` | ${kinds
    .map((kind) => ratio(rateOf(kind, 'current-session'), rateOf(kind, '/api/health')))
    .join(' | ')} |`,
);
console.log(
  `| login ÷ the same argon2id check alone, ${LOGIN_CONNECTIONS} at once | ${kinds
    .map((kind) => ratio(rateOf(kind, '/api/login'), results[kind].bareArgon2))
    .join(' | ')} |`,
);
console.log(
  `| login's CPU per request: server main thread, its other threads (the hashes); machine busy | ${kinds
    .map((kind) => {
      const { mainThreadMs, otherThreadsMs, machineBusy } = results[kind].loginCpu;
      return `${mainThreadMs.toFixed(1)} ms, ${otherThreadsMs.toFixed(1)} ms; ${(machineBusy * 100).toFixed(0)}%`;
    })
    .join(' | ')} |`,
);
console.log(`\nStarts and memory (the server process's resident memory):\n`);
console.log(`| moment | ${header.join(' | ')} |`);
console.log(`| --- | ${header.map(() => '---').join(' | ')} |`);
results[kinds[0]].footprint.forEach(([title], index) => {
  console.log(`| ${title} | ${kinds.map((kind) => figure(results[kind].footprint[index][1])).join(' | ')} |`);
});
console.log(
  `\nDashboards and analytics (customer with 20,000 campaigns; 1,000 customers, 200,000 campaigns, 10 entries each):\n`,
);
console.log(`| endpoint | ${header.join(' | ')} |`);
console.log(`| --- | ${header.map(() => '---').join(' | ')} |`);
results[kinds[0]].insights.forEach(([title], index) => {
  console.log(`| ${title} | ${kinds.map((kind) => figure(results[kind].insights[index][1])).join(' | ')} |`);
});
console.log(`\nCampaign lists (API req/s, p50; the same queries straight to the database; API ÷ bare):\n`);
console.log(`| list | ${header.join(' | ')} |`);
console.log(`| --- | ${header.map(() => '---').join(' | ')} |`);
results[kinds[0]].listCases.forEach((item, index) => {
  const title =
    `${item.customer.campaigns.toLocaleString('en-US')} campaigns, ${item.tab}, ` +
    (item.search ? `search "${item.search}"` : `page ${item.page}`);
  const cells = kinds.map((kind) => {
    const { api, bare } = results[kind].listCases[index];
    return `${api.rps.toFixed(0)} req/s, p50 ${api.p50} ms; bare ${bare.toFixed(0)}/s; ${(api.rps / bare).toFixed(2)}×`;
  });
  console.log(`| ${title} | ${cells.join(' | ')} |`);
});

// What no HTTP endpoint can beat: /api/health answers without touching the database, so a list
// that also runs its query cannot go faster than it. Next to the bare rates it bounds the ratio.
for (const kind of kinds) {
  const health = results[kind].rows.find(([title]) => title.includes('/api/health'))[1].rps;
  const bares = results[kind].listCases.map((item) => item.bare);
  console.log(
    `\n${kind === 'embedded' ? 'Embedded database' : 'PostgreSQL'}: /api/health, with no database work, ` +
      `runs at ${(health / Math.max(...bares)).toFixed(2)}× the fastest bare list and ` +
      `${(health / Math.min(...bares)).toFixed(2)}× the slowest.`,
  );
}
