// `npm run bench:streams-10k`: 10,000 open notification streams over two `web` processes on
// PostgreSQL, as docs/deploy.md's small deployment runs (two ROLE=web behind a balancer, one
// ROLE=worker, REDIS_URL), and what they cost (issue 31, target 5; decision 040). Needs
// DATABASE_URL (a PostgreSQL server; the database `portal_bench_streams10k` is made afresh on it)
// and REDIS_URL. Seeds BENCH_STREAMS users (10,000) with one session each straight in SQL (the
// hub caps streams at 4 per session and 8 per user per process: one each stays far below), then:
// 1. `/api/health` on both web processes with autocannon, no streams open;
// 2. opens every user's stream, odd users on the first web process, even on the second, from two
//    child processes (scripts/bench/stream-holder.mjs), and reads each web process's memory
//    before and with them open: the difference over the streams is the memory per stream;
// 3. `/api/health` again with them open, for BENCH_SECONDS (30: longer than the 25 s heartbeat);
// 4. BENCH_SAMPLE (300) notifications to users spread over both processes, written as the
//    notification repository writes them (the row and `pg_notify('notifications', …)` in one
//    transaction, delivered on commit), first one at a time (20 a second), then all in one
//    transaction; each is timed from its commit being sent to its arrival on the user's stream.
// Prints the machine's load at start and end and the load generator's own CPU.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBuiltServer } from '../lib/built-server.mjs';
import { freshBenchDatabase } from '../lib/bench-database.mjs';
import { residentMiB, settledMiB } from './footprint.mjs';
import { readFileSync } from 'node:fs';

if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error('bench:streams-10k needs DATABASE_URL (PostgreSQL) and REDIS_URL: ROLE=web runs only there');
}
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3350);
const dataDir = path.join(os.tmpdir(), 'portal-bench-streams10k');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
const loadNow = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

const loadAtStart = loadNow();
console.log(`load average (1 / 5 / 15 min) at start: ${loadAtStart}; ${os.cpus().length} cores`);

const SEED = [
  `INSERT INTO users (email, password_hash, role_id, first_name, last_name, registration_step)
   SELECT 'streamer' || n || '@bench.test', 'not-a-hash', 2, 'Bench', 'Streamer ' || n, 4
   FROM generate_series(1, ${STREAMS}) AS n`,
  // The bearer token of user n is bench-stream-token-n; the server keeps its SHA-256 in hex.
  `INSERT INTO sessions (user_id, token_hash, remember, os, browser, ip, city, country, expires_at)
   SELECT u.id, encode(sha256(convert_to('bench-stream-token-' || n, 'UTF8')), 'hex'), false,
          'Linux', 'Bench', '127.0.0.1', 'Unknown', 'Unknown', now() + interval '1 day'
   FROM generate_series(1, ${STREAMS}) AS n JOIN users AS u ON u.email = 'streamer' || n || '@bench.test'`,
];

function startServer(databaseUrl, role, port) {
  const env = {
    ...process.env,
    ROLE: role,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const server = startBuiltServer({ env, origin: `http://127.0.0.1:${port}` });
  return { ...server, origin: `http://127.0.0.1:${port}`, role };
}

/** `/api/health` on both web processes at once, 5 connections each, for `seconds`. */
async function health(webs, seconds) {
  const results = await Promise.all(
    webs.map((web) => autocannon({ url: `${web.origin}/api/health`, connections: 5, duration: seconds })),
  );
  // A failed answer is counted, not fatal: on a loaded machine the health check's database probe can time out.
  return results.map((result) => ({
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
    failed: result.non2xx + result.errors,
  }));
}

/** A holder child per web process: odd users on the first, even on the second. */
function startHolders(webs) {
  const perWeb = STREAMS / webs.length;
  return webs.map((web, index) => {
    const child = fork(new URL('./stream-holder.mjs', import.meta.url), {
      env: {
        ...process.env,
        HOLDER: JSON.stringify({ origin: web.origin, first: index * perWeb + 1, count: perWeb, concurrency: 50 }),
      },
    });
    const opened = new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`stream holder exited with ${code}`)));
      child.on('message', (message) => message.kind === 'opened' && resolve(message));
    });
    return { child, opened, web, firstUser: index * perWeb + 1, perWeb };
  });
}

function ask(holder) {
  return new Promise((resolve) => {
    const listener = (message) => {
      if (message.kind !== 'stats') return;
      holder.child.off('message', listener);
      resolve(message);
    };
    holder.child.on('message', listener);
    holder.child.send('stats');
  });
}

/** The sample's users: evenly spread over every holder's range, so over both web processes. */
function sampleUsers(holders) {
  const users = [];
  const perHolder = Math.ceil(SAMPLE / holders.length);
  for (const holder of holders) {
    const step = Math.floor(holder.perWeb / perHolder);
    for (let k = 0; k < perHolder; k++) users.push(holder.firstUser + k * step);
  }
  return users.slice(0, SAMPLE);
}

/**
 * Writes one notification per user as NotificationRepository.create does (the rows and their
 * pg_notify in one statement, so announced on its commit) and returns when each was sent, by id.
 */
async function notify(client, userIds, sent) {
  const at = now();
  const { rows } = await client.query(
    `WITH created AS (
       INSERT INTO notifications (user_id, message, event_type, created_at)
       SELECT u.id, 'Bench notice', 'system', now()
       FROM unnest($1::text[]) AS wanted (email) JOIN users AS u ON u.email = wanted.email
       RETURNING id, user_id)
     SELECT id, pg_notify('notifications', user_id || ':' || id) FROM created`,
    [userIds.map((n) => `streamer${n}@bench.test`)],
  );
  const committed = now();
  for (const row of rows) sent.set(Number(row.id), { at, committed });
}

/** The process's CPU time so far in ms (utime + stime from /proc, USER_HZ 100). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function deliveries(client, holders, users, paced) {
  const sent = new Map();
  const arrived = new Map();
  const listener = (message) => {
    if (message.kind === 'arrived' && !arrived.has(message.id)) arrived.set(message.id, message.at);
  };
  for (const holder of holders) holder.child.on('message', listener);
  if (paced) {
    for (const user of users) {
      await notify(client, [user], sent);
      await sleep(50);
    }
  } else {
    // One transaction for all, as an event telling many people writes them.
    await notify(client, users, sent);
  }
  // Whatever has not arrived 10 s after the last is counted lost.
  await sleep(10_000);
  for (const holder of holders) holder.child.off('message', listener);
  const latencies = [...sent]
    .filter(([id]) => arrived.has(id))
    .map(([id, { at }]) => arrived.get(id) - at)
    .sort((a, b) => a - b);
  // The write's own round trip (insert and commit), which the machine's load on PostgreSQL sets.
  const writes = [...new Set([...sent.values()].map(({ at, committed }) => committed - at))].sort((a, b) => a - b);
  return {
    sent: sent.size,
    arrived: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    writeP50: percentile(writes, 50),
    writeP99: percentile(writes, 99),
  };
}

async function main() {
  const databaseUrl = await freshBenchDatabase('postgres', { dataDir, name: 'portal_bench_streams10k' });
  // The first web process migrates (under the lock of decision 024); the others start after it.
  const webs = [startServer(databaseUrl, 'web', BASE_PORT)];
  await webs[0].ready;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  for (const statement of SEED) await client.query(statement);
  webs.push(startServer(databaseUrl, 'web', BASE_PORT + 1));
  const worker = startServer(databaseUrl, 'worker', BASE_PORT + 2);
  await Promise.all([webs[1].ready, worker.ready]);
  let holders = [];
  try {
    await health(webs, 2); // warm-up, not counted
    const alone = await health(webs, SECONDS);
    const rssBefore = await Promise.all(webs.map((web) => settledMiB(web.pid)));

    const cpuBeforeOpening = webs.map((web) => cpuMs(web.pid));
    holders = startHolders(webs);
    const opened = await Promise.all(holders.map((holder) => holder.opened));
    const openingCpu = webs.map((web, i) => cpuMs(web.pid) - cpuBeforeOpening[i]);
    // Idle with the streams open for a heartbeat period and more: what holding them costs.
    const cpuBeforeIdle = webs.map((web) => cpuMs(web.pid));
    await sleep(30_000);
    const idleCpu = webs.map((web, i) => cpuMs(web.pid) - cpuBeforeIdle[i]);
    const rssWith = await Promise.all(webs.map((web) => settledMiB(web.pid)));
    const withStreams = await health(webs, SECONDS);
    const rssAfterHealth = webs.map((web) => residentMiB(web.pid));

    const users = sampleUsers(holders);
    const paced = await deliveries(client, holders, users, true);
    const burst = await deliveries(client, holders, users, false);
    const holderStats = await Promise.all(holders.map(ask));
    report({
      alone,
      withStreams,
      rssBefore,
      rssWith,
      rssAfterHealth,
      opened,
      openingCpu,
      idleCpu,
      paced,
      burst,
      holderStats,
    });
  } finally {
    for (const holder of holders) holder.child.send('stop');
    await client.end();
    await Promise.all([...webs, worker].map((server) => server.stop()));
  }
}

function report(figures) {
  const { alone, withStreams, rssBefore, rssWith, rssAfterHealth, opened, paced, burst, holderStats } = figures;
  const { openingCpu, idleCpu } = figures;
  const healthCell = (value) =>
    `p50 ${value.p50} ms, p99 ${value.p99} ms, max ${value.max} ms, ${value.rps.toFixed(0)} req/s, ${value.failed} failed`;
  console.log(`\n\`/api/health\`, ${SECONDS} s, 5 connections on each web process at once:\n`);
  console.log('| | web 1 | web 2 |');
  console.log('| --- | --- | --- |');
  console.log(`| no streams open | ${alone.map(healthCell).join(' | ')} |`);
  console.log(`| ${STREAMS} streams open | ${withStreams.map(healthCell).join(' | ')} |`);
  console.log('\nMemory (RSS, MiB, 5 s after settling):\n');
  console.log('| | web 1 | web 2 |');
  console.log('| --- | --- | --- |');
  console.log(`| no streams | ${rssBefore.map((v) => v.toFixed(0)).join(' | ')} |`);
  console.log(`| streams open | ${rssWith.map((v) => v.toFixed(0)).join(' | ')} |`);
  console.log(`| after the health load | ${rssAfterHealth.map((v) => v.toFixed(0)).join(' | ')} |`);
  const perStream = rssWith.map((v, i) => ((v - rssBefore[i]) * 1024) / opened[i].open);
  console.log(
    `| per open stream (KiB) | ${perStream.map((v) => v.toFixed(1)).join(' | ')} |` +
      `\n\nStreams opened: ${opened.map((o) => `${o.open} in ${(o.ms / 1000).toFixed(1)} s`).join(', ')}; ` +
      `still open at the end: ${holderStats.map((s) => s.open).join(', ')}`,
  );
  console.log(
    `Web processes' CPU: opening, ${openingCpu.map((ms, i) => (ms / opened[i].open).toFixed(1)).join(' and ')} ms per stream; ` +
      `holding them 30 s idle, ${idleCpu.map((ms) => ms.toFixed(0)).join(' and ')} ms`,
  );
  const deliveryCell = (value) =>
    `${value.arrived}/${value.sent} arrived; p50 ${value.p50.toFixed(0)} ms, p99 ${value.p99.toFixed(0)} ms, max ${value.max.toFixed(0)} ms ` +
    `(the write itself: p50 ${value.writeP50.toFixed(0)} ms, p99 ${value.writeP99.toFixed(0)} ms)`;
  console.log(`\nNotification to its user's open stream (${SAMPLE} users over both processes):\n`);
  console.log(`| one at a time, 20 a second | ${deliveryCell(paced)} |`);
  console.log(`| all in one transaction | ${deliveryCell(burst)} |`);
  console.log('\nLoad generator (each stream-holding child, over its whole life):');
  for (const stats of holderStats) {
    console.log(
      `  ${stats.cpuMs.toFixed(0)} ms CPU in ${(stats.wallMs / 1000).toFixed(0)} s ` +
        `(${((stats.cpuMs / stats.wallMs) * 100).toFixed(1)}% of a core); event-loop delay since the last look p99 ${stats.loopP99Ms.toFixed(1)} ms, max ${stats.loopMaxMs.toFixed(1)} ms`,
    );
  }
  console.log(`\nload average (1 / 5 / 15 min): start ${loadAtStart}, end ${loadNow()}`);
}

await main();
