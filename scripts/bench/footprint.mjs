// The server's footprint for `npm run bench`: how long a start takes to the first answer, and how
// much memory the process holds after starting and after load (README, Requirements).
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** The process's resident memory in MiB, from /proc (Linux). */
export function residentMiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match[1]) / 1024;
}

/** The machine's CPU time so far, busy and in all, in clock ticks (Linux /proc/stat). */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the two fields that are not work.
  return { busy: total - ticks[3] - ticks[4], total };
}

/** CPU time in clock ticks of the process's main thread (whose id is the pid's) and of all its other threads. */
function threadTicks(pid) {
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // utime and stime, the 14th and 15th fields, counted after the command name in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (tid === String(pid)) main += ticks;
    else others += ticks;
  }
  return { main, others };
}

/**
 * Runs `work` and says where the CPU went meanwhile: the share of the whole machine that was busy,
 * and the CPU milliseconds of the server's main thread and of its other threads (libuv's, which
 * compute the argon2id hashes, and V8's collector), per request of the `requests` the work reports.
 */
export async function cpuDuring(pid, work) {
  const ticksPerMs = 100 / 1000; // USER_HZ, 100 on Linux
  const machineBefore = machineTicks();
  const threadsBefore = threadTicks(pid);
  const result = await work();
  const machineAfter = machineTicks();
  const threadsAfter = threadTicks(pid);
  const requests = result.requests.total;
  const perRequestMs = (ticks) => ticks / ticksPerMs / requests;
  return {
    result,
    cpu: {
      machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
      mainThreadMs: perRequestMs(threadsAfter.main - threadsBefore.main),
      otherThreadsMs: perRequestMs(threadsAfter.others - threadsBefore.others),
    },
  };
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
