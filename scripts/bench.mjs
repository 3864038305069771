// `npm run bench`: starts the built server on a fresh embedded database and measures the
// login endpoint (one argon2id hash per request, so it is CPU-bound by design) and an
// authenticated read (one indexed session lookup), printing the figures autocannon reports;
// then times forgot-password for a registered and an unknown address, which must not differ.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const port = 3124;
const origin = `http://127.0.0.1:${port}`;
const admin = { email: 'bench@example.com', password: 'Bench-pass-1' };
const dataDir = path.join(os.tmpdir(), 'portal-bench-data');
rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    // The per-address login limit (50 a minute) would answer most requests with 429, so the
    // benchmark sends each from its own address through a trusted X-Forwarded-For.
    TRUST_PROXY: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let addressCounter = 0;
const randomAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function waitForHealth() {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/** Median and 90th percentile of `count` sequential forgot-password requests for `email`, in ms. */
async function timeForgotPassword(email, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${origin}/api/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
      body: JSON.stringify({ email }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`forgot-password answered ${response.status}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count / 2)], p90: times[Math.floor(count * 0.9)] };
}

function report(title, result) {
  const { requests, latency, non2xx, errors } = result;
  console.log(
    `${title}: ${requests.average.toFixed(0)} req/s, latency p50 ${latency.p50} ms, p99 ${latency.p99} ms` +
      ` (${result.requests.total} requests, ${non2xx} non-2xx, ${errors} errors)`,
  );
}

try {
  await waitForHealth();
  const loginBody = JSON.stringify(admin);
  const login = await autocannon({
    url: `${origin}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
    connections: 4,
    duration: 10,
    requests: [
      { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomAddress() } }) },
    ],
  });
  const loginResponse = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
    body: loginBody,
  });
  const token = (await loginResponse.json()).access_token;
  const session = await autocannon({
    url: `${origin}/api/customer/current-session`,
    headers: { authorization: `Bearer ${token}` },
    connections: 10,
    duration: 10,
  });
  // Interleaved rounds, so that both addresses meet the same state of the server.
  const known = [];
  const unknown = [];
  for (let round = 0; round < 10; round++) {
    known.push(await timeForgotPassword(admin.email, 20));
    unknown.push(await timeForgotPassword(`nobody-${round}@example.com`, 20));
  }
  const median = (rounds, key) => rounds.map((round) => round[key]).sort((a, b) => a - b)[rounds.length >> 1];
  const databaseKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database (PGlite)';
  console.log(`\nBenchmark on ${os.cpus().length} cores, ${databaseKind}:`);
  report('POST /api/login', login);
  report('GET /api/customer/current-session', session);
  for (const [title, rounds] of [
    ['registered address', known],
    ['unknown address', unknown],
  ]) {
    console.log(
      `POST /api/forgot-password, ${title}: p50 ${median(rounds, 'p50').toFixed(1)} ms, p90 ${median(rounds, 'p90').toFixed(1)} ms (200 sequential requests)`,
    );
  }
} finally {
  server.kill('SIGTERM');
}
