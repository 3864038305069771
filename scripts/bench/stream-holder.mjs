// A child of `npm run bench:streams-10k` (scripts/bench/streams-10k.mjs): holds the notification
// streams of a range of bench users open on one server, so the load of reading 5,000 streams is
// in a process of its own and does not slow the parent's `/api/health` measurement. It tells the
// parent, over IPC, how many streams are open, when each notification arrived (by its id, on the
// machine's clock, which parent and child share) and its own CPU time and event-loop delay, so
// the load generator's cost is visible next to the figures.
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const { origin, first, count, concurrency } = JSON.parse(process.env.HOLDER);
const tokenOf = (n) => `bench-stream-token-${n}`;
// One socket per stream, as browsers behind HTTP/1.1 have: no pooling limit.
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const now = () => performance.timeOrigin + performance.now();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

const requests = [];
let open = 0;
let ended = 0;

/** Opens user n's stream and reads it until it ends; every notification's id is reported with its arrival time. */
function openStream(n) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}/api/my-notifications/stream`,
      { agent, headers: { authorization: `Bearer ${tokenOf(n)}` } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream of user ${n} answered ${response.statusCode}`));
          return;
        }
        open += 1;
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const at = now();
          for (const match of chunk.matchAll(/^event: notification\nid: (\d+)$/gm)) {
            process.send({ kind: 'arrived', id: Number(match[1]), userId: n, at });
          }
        });
        response.on('close', () => {
          open -= 1;
          ended += 1;
        });
        resolve();
      },
    );
    request.on('error', reject);
    requests.push(request);
  });
}

const cpuStart = process.cpuUsage();
const startedAt = performance.now();
let next = first;
const last = first + count - 1;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next <= last) await openStream(next++);
  }),
);
process.send({ kind: 'opened', open, ms: performance.now() - startedAt, cpu: process.cpuUsage(cpuStart) });

process.on('message', (message) => {
  if (message === 'stats') {
    const cpu = process.cpuUsage(cpuStart);
    process.send({
      kind: 'stats',
      open,
      ended,
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs: performance.now() - startedAt,
      loopP99Ms: delay.percentile(99) / 1e6,
      loopMaxMs: delay.max / 1e6,
    });
    delay.reset();
  } else if (message === 'stop') {
    for (const request of requests) request.destroy();
    setTimeout(() => process.exit(0), 200);
  }
});
