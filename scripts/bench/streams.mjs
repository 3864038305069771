// `npm run bench:streams`: how `/api/health` answers while many notification streams are open
// (docs/decisions/014-live-notifications.md). Starts the built server on the embedded database
// and, when DATABASE_URL names a PostgreSQL server, on PostgreSQL too (in a database of its own,
// `portal_bench_streams`, created afresh). For each: 200 users with a session each, seeded
// straight into the database; `/api/health` measured with autocannon alone, then while the 200
// users hold a stream each, for BENCH_SECONDS (30 by default: longer than the 25 s heartbeat, so
// the sessions' check runs inside the window); then one session opening 2,000 streams, of which
// the cap leaves a few, and `/api/health` again while what is left of them stays open. Prints p50/p99, the machine's load averages and how busy it was, since a
// shared machine's figures say little without them.
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_EXTENSIONS } from '../../apps/api/dist/embedded-extensions.js';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBuiltServer } from '../lib/built-server.mjs';
import { freshBenchDatabase } from '../lib/bench-database.mjs';
import { cpuDuring } from './footprint.mjs';

const port = 3126;
const origin = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), 'portal-bench-streams');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const USERS = 200;
const FLOOD = 2_000;
const tokenOf = (n) => `bench-stream-token-${n}`;

function startServer(databaseUrl) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return startBuiltServer({ env, origin });
}

/**
 * USERS customers with one live session each, whose bearer token is tokenOf(n): the server keeps
 * only its SHA-256 in hex, as `hashToken` does. No logins, so no password hashing in the way.
 */
const SEED = [
  `INSERT INTO users (email, password_hash, role_id, first_name, last_name, registration_step)
   SELECT 'streamer' || n || '@bench.test', 'not-a-hash', 2, 'Bench', 'Streamer ' || n, 4
   FROM generate_series(1, ${USERS}) AS n`,
  `INSERT INTO sessions (user_id, token_hash, remember, os, browser, ip, city, country, expires_at)
   SELECT u.id, encode(sha256(convert_to('${tokenOf('')}' || n, 'UTF8')), 'hex'), false,
          'Linux', 'Bench', '127.0.0.1', 'Unknown', 'Unknown', now() + interval '1 day'
   FROM generate_series(1, ${USERS}) AS n JOIN users AS u ON u.email = 'streamer' || n || '@bench.test'`,
];

/** A fresh database with the schema (the server's first start makes it) and the seed. */
async function prepare(kind) {
  const databaseUrl = await freshBenchDatabase(kind, { dataDir, name: 'portal_bench_streams' });
  const first = startServer(databaseUrl);
  await first.ready;
  await first.stop();
  if (kind === 'embedded') {
    const db = await PGlite.create({ dataDir: `${dataDir}/pglite`, extensions: EMBEDDED_EXTENSIONS });
    for (const statement of SEED) await db.query(statement);
    await db.close();
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const statement of SEED) await client.query(statement);
    await client.end();
  }
  return databaseUrl;
}

/** Opens a stream with `token` and reads it in the background, counting its heartbeats, until it ends or is stopped. */
async function openStream(token) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/my-notifications/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const stream = { ended: false, keepAlives: 0, stop: () => controller.abort() };
  const decoder = new TextDecoder();
  const reading = (async () => {
    for await (const chunk of response.body) {
      stream.keepAlives += decoder.decode(chunk, { stream: true }).split(': keep-alive').length - 1;
    }
  })();
  reading.catch(() => undefined).finally(() => (stream.ended = true));
  return stream;
}

/** `/api/health` for SECONDS at 10 connections, with how busy the machine was meanwhile. */
async function health(pid) {
  const { result, cpu } = await cpuDuring(pid, () =>
    autocannon({ url: `${origin}/api/health`, connections: 10, duration: SECONDS }),
  );
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  const [load1, load5] = os.loadavg();
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
    machineBusy: cpu.machineBusy,
    load: `${load1.toFixed(2)} / ${load5.toFixed(2)}`,
  };
}

async function measure(kind) {
  const databaseUrl = await prepare(kind);
  const server = startServer(databaseUrl);
  await server.ready;
  const streams = [];
  try {
    // A second of load first, not counted, so the figures do not include the server warming up.
    await autocannon({ url: `${origin}/api/health`, connections: 10, duration: 1 });
    const alone = await health(server.pid);
    for (let n = 1; n <= USERS; n++) streams.push(await openStream(tokenOf(n)));
    const withStreams = await health(server.pid);
    const open = streams.filter((stream) => !stream.ended).length;
    const heartbeats = Math.min(...streams.map((stream) => stream.keepAlives));

    // One session keeps opening streams, as the customer of the review did: the cap ends the oldest.
    const flood = [];
    for (let sent = 0; sent < FLOOD; sent += 100) {
      flood.push(...(await Promise.all(Array.from({ length: 100 }, () => openStream(tokenOf(1))))));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const floodOpen = flood.filter((stream) => !stream.ended).length;
    streams.push(...flood);
    const afterFlood = await health(server.pid);
    return { alone, withStreams, open, heartbeats, floodOpen, afterFlood };
  } finally {
    for (const stream of streams) stream.stop();
    await server.stop();
  }
}

const kinds = process.env.DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
const results = {};
for (const kind of kinds) results[kind] = await measure(kind);

const header = kinds.map((kind) => (kind === 'embedded' ? 'embedded database' : 'PostgreSQL'));
const figure = (value) =>
  `p50 ${value.p50} ms, p99 ${value.p99} ms, max ${value.max} ms, ${value.rps.toFixed(0)} req/s; ` +
  `load ${value.load}, machine ${(value.machineBusy * 100).toFixed(0)}% busy`;
console.log(`\n\`/api/health\` on ${os.cpus().length} cores, ${SECONDS} s per figure, 10 connections:\n`);
console.log(`| | ${header.join(' | ')} |`);
console.log(`| --- | ${header.map(() => '---').join(' | ')} |`);
console.log(`| no streams open | ${kinds.map((kind) => figure(results[kind].alone)).join(' | ')} |`);
console.log(
  `| ${USERS} streams of ${USERS} users open | ${kinds.map((kind) => figure(results[kind].withStreams)).join(' | ')} |`,
);
console.log(
  `| streams still open after the window; heartbeats each saw in it (at least) | ${kinds
    .map((kind) => `${results[kind].open} of ${USERS}; ${results[kind].heartbeats}`)
    .join(' | ')} |`,
);
console.log(
  `| one session opens ${FLOOD.toLocaleString('en-US')} streams: how many stay open | ${kinds
    .map((kind) => String(results[kind].floodOpen))
    .join(' | ')} |`,
);
console.log(
  `| the ${USERS} users' streams and what stays of those ${FLOOD.toLocaleString('en-US')} open | ${kinds
    .map((kind) => figure(results[kind].afterFlood))
    .join(' | ')} |`,
);
