// The server's footprint for `npm run bench`: how long a start takes to the first answer, and how
// much memory the process holds after starting and after load (README, Requirements).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** The process's resident memory in MiB, from /proc (Linux). */
export function residentMiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match[1]) / 1024;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The memory the process holds once a burst of work is over, read five seconds after it. This is
 * what it holds then, garbage the collector has not yet reached included: V8 gives memory back
 * after a full collection, which comes when the heap has grown enough, not at a fixed time.
 */
export async function settledMiB(pid) {
  await sleep(5_000);
  return residentMiB(pid);
}

/**
 * Milliseconds from the process's start to its first /api/health answer, and its memory three
 * seconds later, once the work a start sets off (jobs, the first dispatch) has run.
 */
export async function measureStart(server) {
  const ms = await server.ready;
  await sleep(3_000);
  return { ms, rss: residentMiB(server.pid) };
}

/**
 * One round of the load the memory figures are taken after: logins (an argon2id hash each) from
 * 4 connections, then 50 connections reading what a signed-in customer's pages read (the session,
 * a list page, a search, the dashboard's cards) at once.
 */
export async function loadRound({ origin, headers, loginBody, clientAddress, seconds }) {
  await autocannon({
    url: `${origin}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(loginBody),
    connections: 4,
    duration: seconds,
    requests: [
      { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': clientAddress() } }) },
    ],
  });
  const reads = await autocannon({
    url: origin,
    headers,
    connections: 50,
    duration: seconds * 3,
    // 50 requests at once queue behind each other on the embedded database's one connection.
    timeout: 60,
    requests: [
      { path: '/api/customer/current-session' },
      { path: '/api/customer/my-active-campaigns?page=1&per_page=10' },
      { path: '/api/customer/my-active-campaigns?page=1&per_page=10&search=boots' },
      { path: '/api/customer/campaigns-statistics' },
    ],
  });
  if (reads.non2xx || reads.errors) throw new Error(`load round: ${reads.non2xx} non-2xx, ${reads.errors} errors`);
}
