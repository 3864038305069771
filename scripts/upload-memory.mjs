// `npm run bench:upload`: how much memory the server spends taking a 2 GB video through the
// embedded store's upload address. Starts the built server on a fresh data directory, uploads
// 2 GB of bytes in a stream, and reads the server's resident memory (now and peak) from /proc
// before and after. Linux only (it reads /proc).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

const port = 3125;
const origin = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), 'portal-upload-memory');
const customer = { email: 'uploader@bench.test', password: 'Upload-pass-1' };
const SIZE = 2 * 1024 ** 3;
rmSync(dataDir, { recursive: true, force: true });

const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
const created = spawnSync(
  process.execPath,
  ['apps/api/dist/create-customer.js', '--email', customer.email, '--password', customer.password],
  { env, stdio: 'ignore' },
);
if (created.status !== 0) throw new Error('could not create the customer');
const server = spawn(process.execPath, ['apps/api/dist/server.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });

/** Resident memory now, and the process's peak so far, in MiB, from /proc. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)[1]);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function json(url, init) {
  const response = await fetch(`${origin}${url}`, init);
  return { status: response.status, body: await response.json() };
}

try {
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      if (attempt > 120) throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const login = await json('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(customer),
  });
  const issued = await json('/api/ad-templates/presigned-url', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.access_token}` },
    body: JSON.stringify({ file_name: 'big.mp4', file_type: 'video/mp4', file_size: SIZE }),
  });
  if (issued.status !== 200) throw new Error(`upload address refused: ${JSON.stringify(issued.body)}`);

  const before = memoryOf(server.pid);
  // 2 GB in 1 MiB chunks, made as they are sent: the sender holds one chunk at a time too.
  const chunk = Buffer.alloc(1024 * 1024, 7);
  const body = Readable.from(
    (function* () {
      for (let sent = 0; sent < SIZE; sent += chunk.length) yield chunk;
    })(),
  );
  // Sampled while the bytes flow: the peak counter (VmHWM) still holds the database's creation.
  let highest = before.rss;
  const sampler = setInterval(() => {
    highest = Math.max(highest, memoryOf(server.pid).rss);
  }, 100);
  const started = Date.now();
  const status = await new Promise((resolve, reject) => {
    const request = http.request(
      new URL(issued.body.url, origin),
      { method: 'PUT', headers: { ...issued.body.headers, 'content-length': String(SIZE) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', reject);
    body.pipe(request);
  });
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  const after = memoryOf(server.pid);
  console.log(`PUT of 2 GiB answered ${status} in ${seconds.toFixed(1)} s`);
  console.log(`server resident memory before the upload: ${before.rss.toFixed(0)} MiB`);
  console.log(`highest while it ran (sampled every 100 ms): ${highest.toFixed(0)} MiB`);
  console.log(`after it: ${after.rss.toFixed(0)} MiB`);
  console.log(`cost of the upload: ${(highest - before.rss).toFixed(0)} MiB at most`);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
