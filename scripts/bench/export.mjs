// `npm run bench:export`: the administrators' CSV export of every approved campaign
// (`/api/all-campaigns-analytics/export`) at a million rows (EXPORT_ROWS), on PostgreSQL (a
// database of its own, BENCH_DATABASE, `portal_bench_export` unless set, on the server of
// DATABASE_URL) and, with BENCH_DATABASES=postgres,embedded, on the embedded database too.
// The rows are seeded straight in SQL; then the built server is started and, while its resident
// memory is sampled every 100 ms from /proc, the file is downloaded as fast as this process reads
// it (rows a second, duration, bytes, memory before, at its peak and the rise) twice, the first
// export after the server's start and a second one; then once more but dropped at about 30%:
// how long until PostgreSQL shows no export query running, and the memory after. The machine's
// load is printed at the start and the end: the figures mean little without it.
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_EXTENSIONS } from '../../apps/api/dist/embedded-extensions.js';
import pg from 'pg';
import { residentMiB } from './footprint.mjs';
import { benchServerEnv, startBuiltServer } from '../lib/built-server.mjs';
import { freshBenchDatabase } from '../lib/bench-database.mjs';

const ROWS = Number(process.env.EXPORT_ROWS ?? 1_000_000);
const port = Number(process.env.BENCH_PORT ?? 3340);
const origin = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `portal-bench-export-${port}`);
const admin = { email: 'bench@example.com', password: 'Bench-pass-1' };
const EXPORT_URL = '/api/all-campaigns-analytics/export';
const SAMPLE_MS = 100;
/** Where the second download is dropped, as a share of the rows. */
const ABORT_AT = 0.3;

const load = () => os.loadavg()[0].toFixed(2);
const mib = (value) => `${value.toFixed(1)} MiB`;

/**
 * One customer owning ROWS approved campaigns, a second apart, each with its ad and one
 * statistics entry: every row of the administrators' file has its figures filled in.
 */
function seedStatements() {
  return [
    `INSERT INTO users (email, password_hash, role_id, first_name, last_name, registration_step, status, created_at, updated_at)
     SELECT 'export@bench.test', password_hash, 2, 'Bench', 'Exporter', 4, true, now(), now()
     FROM users WHERE email = '${admin.email}'`,
    `INSERT INTO advertisers (name, created_at) VALUES ('export@bench.test', now())`,
    `INSERT INTO advertiser_members (advertiser_id, user_id, role, joined_at)
     SELECT a.id, u.id, 'owner', now() FROM users u JOIN advertisers a ON a.name = u.email`,
    `INSERT INTO campaigns (user_id, advertiser_id, name, objective, budget_type, budget_amount, keywords, approval_status,
                            on_off, payment_status, created_at, updated_at, submitted_at)
     SELECT m.user_id, m.advertiser_id, 'Export campaign ' || n, 'Brand awareness', 'lifetime', (50 + n % 950)::numeric(12, 2),
            ARRAY['bench'], 'approved', 'on', 'paid', timestamptz '2026-01-01' - n * interval '1 second', now(), now()
     FROM advertiser_members m CROSS JOIN generate_series(1, ${ROWS}) AS n`,
    `INSERT INTO ad_templates (campaign_id, ad_title, ad_description, destination_url, created_at, updated_at)
     SELECT id, 'New this week: ' || name, 'Free delivery', 'https://shop.example.com/' || id, created_at, created_at FROM campaigns`,
    `INSERT INTO campaign_statistics (campaign_id, as_of, saved_at, date_paid, amount_spent_cents, ad_cost_cents,
        followers_count, posts, duration, total_reach, post_reach, story_reach, total_impressions, post_impressions,
        story_impressions, post_likes, post_comments, post_shares, post_saves, story_account_taps, stories_with_link,
        link_clicks, lead_generated, dates)
     SELECT id, current_date - 1, now(), current_date - 40, 1000 + id % 500, 800, 50, 1, 24, 900, 600, 300, 2000, 1400,
            600, 80, 12, 9, 7, 5, 1, 30, 2, ARRAY[now()]
     FROM campaigns`,
    'VACUUM ANALYZE',
  ];
}

async function seed(kind, databaseUrl) {
  const started = Date.now();
  const direct =
    kind === 'embedded'
      ? await PGlite.create({ dataDir: `${dataDir}/pglite`, extensions: EMBEDDED_EXTENSIONS })
      : new pg.Client({ connectionString: databaseUrl });
  if (kind !== 'embedded') await direct.connect();
  try {
    for (const statement of seedStatements()) await direct.query(statement);
  } finally {
    await (kind === 'embedded' ? direct.close() : direct.end());
  }
  console.log(
    `${kind}: seeded ${ROWS.toLocaleString('en-US')} campaigns in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

function startServer(databaseUrl) {
  const env = benchServerEnv({ port, dataDir, databaseUrl, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  return startBuiltServer({ env, origin });
}

/**
 * The administrator's Authorization header. The server creates the administrator after it starts
 * answering, so a login is retried (once a second, for up to a minute) until it succeeds.
 */
async function signIn() {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (response.ok) return { authorization: `Bearer ${(await response.json()).access_token}` };
    if (attempt === 60) throw new Error(`login answered ${response.status}: ${await response.text()}`);
    await sleep(1000);
  }
}

/** The server's resident memory every SAMPLE_MS until `stop()`, which returns the peak. */
function sampleMemory(pid) {
  let peak = residentMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentMiB(pid))), SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, residentMiB(pid));
    },
  };
}

/** The memory at rest: the highest of ten samples over a second. */
async function restingMiB(pid) {
  let highest = 0;
  for (let i = 0; i < 10; i++) {
    highest = Math.max(highest, residentMiB(pid));
    await sleep(SAMPLE_MS);
  }
  return highest;
}

/**
 * Downloads the export, reading each chunk as it comes; with `abortAtRows`, drops the connection
 * once that many lines have arrived and returns when.
 */
async function download(headers, abortAtRows = Infinity) {
  const controller = new AbortController();
  const started = performance.now();
  let lines = 0;
  let bytes = 0;
  try {
    const response = await fetch(`${origin}${EXPORT_URL}`, { headers, signal: controller.signal });
    if (!response.ok) throw new Error(`${EXPORT_URL} answered ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
      if (lines >= abortAtRows) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { rows: lines - 1, bytes, seconds: (performance.now() - started) / 1000, endedAt: performance.now() };
}

/** Milliseconds from `since` until no other connection to the database is running a query (PostgreSQL). */
async function untilQueriesGone(databaseUrl, since) {
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await watcher.connect();
  try {
    for (;;) {
      const { rows } = await watcher.query(
        `SELECT count(*)::int AS running FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'`,
      );
      if (rows[0].running === 0) return performance.now() - since;
      if (performance.now() - since > 30_000) return Infinity;
      await sleep(10);
    }
  } finally {
    await watcher.end();
  }
}

async function measure(kind) {
  const databaseUrl = await freshBenchDatabase(kind, {
    dataDir,
    name: process.env.BENCH_DATABASE ?? 'portal_bench_export',
  });
  // The first start creates the schema and the administrator; the rows go in with it stopped.
  const first = startServer(databaseUrl);
  await first.ready;
  await signIn();
  await first.stop();
  await seed(kind, databaseUrl);
  const server = startServer(databaseUrl);
  try {
    await server.ready;
    const headers = await signIn();
    // The first export after a start also loads what every later one reuses; the second shows
    // what an export costs a server that has run one before.
    for (const which of ['first', 'second']) {
      const before = await restingMiB(server.pid);
      const sampler = sampleMemory(server.pid);
      const whole = await download(headers);
      const peak = sampler.stop();
      if (whole.rows !== ROWS) throw new Error(`the export held ${whole.rows} rows, not ${ROWS}`);
      console.log(
        `${kind}, ${which} export: ${whole.rows.toLocaleString('en-US')} rows, ${mib(whole.bytes / 2 ** 20)} in ${whole.seconds.toFixed(1)} s: ` +
          `${Math.round(whole.rows / whole.seconds).toLocaleString('en-US')} rows/s; ` +
          `server memory ${mib(before)} before, peak ${mib(peak)}, rise ${mib(peak - before)} (load ${load()})`,
      );
    }

    const beforeAbort = await restingMiB(server.pid);
    const dropped = await download(headers, Math.round(ROWS * ABORT_AT));
    const gone = kind === 'embedded' ? undefined : await untilQueriesGone(databaseUrl, dropped.endedAt);
    await sleep(1000);
    const after = await restingMiB(server.pid);
    console.log(
      `${kind}: dropped after ${dropped.rows.toLocaleString('en-US')} rows (${dropped.seconds.toFixed(1)} s); ` +
        (gone === undefined ? '' : `no query running ${gone.toFixed(0)} ms later; `) +
        `server memory ${mib(beforeAbort)} before, ${mib(after)} a second after (load ${load()})`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`load at start ${load()} (1-minute average, ${os.cpus().length} CPUs)`);
for (const kind of (process.env.BENCH_DATABASES ?? 'postgres').split(',')) {
  if (kind === 'postgres' && !process.env.DATABASE_URL) throw new Error('DATABASE_URL must name a PostgreSQL server');
  await measure(kind);
}
console.log(`load at end ${load()}`);
