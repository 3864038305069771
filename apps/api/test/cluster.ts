import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Keeps the tail of a process's output: enough to see why it failed, bounded however long it runs. */
const OUTPUT_LIMIT = 512 * 1024;

export interface ServerProcess {
  name: string;
  /** http://127.0.0.1:<port>, known once the process listens. */
  url: string;
  /** What the process wrote to stdout and stderr, interleaved, newest last. */
  output(): string;
  /** Resolves when the process wrote a line containing `text` (already or later). */
  printed(text: string, timeoutMs: number): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Resolves with the exit code and signal once the process has exited. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/**
 * Runs apps/api/src/server.ts in a process of its own, from source through tsx, as
 * `npm run dev` does without the watcher. PORT=0 lets the system pick a free port, which the
 * process names in its "Server listening at" line; this resolves once that line is printed.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  { timeoutMs = 90_000 } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: apiDir,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    for (const watcher of watchers) watcher();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

  const printed = (text: string, waitMs: number) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        watchers.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (output.includes(text)) done();
      };
      const timer = setTimeout(() => done(new Error(`${name} did not print "${text}" in ${waitMs} ms`)), waitMs);
      // A process that dies will never print it: say so at once, not at the timeout.
      void exited.then(([code, signal]) => done(new Error(`${name} exited (${signal ?? code}) before "${text}"`)));
      watchers.add(check);
      check();
    });

  const server: ServerProcess = {
    name,
    url: '',
    output: () => output,
    printed,
    stop: (graceMs = 20_000) => stopProcess(child, exited, graceMs),
    exited,
  };
  try {
    await printed('Server listening at http://127.0.0.1:', timeoutMs);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- output of ${name} ---\n${output}`, { cause: error });
  }
  server.url = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)![1]!;
  return server;
}

async function stopProcess(child: ChildProcess, exited: Promise<unknown>, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  // The server lets requests under way finish for up to 8 s and exits within 15 (server.ts); a
  // process hung past `graceMs` is killed.
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Polls /api/health/ready until it answers 200, as a load balancer does before sending traffic. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(`${server.url}/api/health/ready`, { signal: AbortSignal.timeout(5_000) });
      if (answer.status === 200) return;
      last = `${answer.status} ${await answer.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${server.name} was not ready after ${timeoutMs} ms (last: ${last})\n${server.output()}`);
}

/** The last `lines` lines of each process's output, headed by its name, for a failed test's report. */
export function outputTails(servers: readonly ServerProcess[], lines = 150): string {
  return servers
    .map(
      (server) =>
        `--- last ${lines} lines of ${server.name} ---\n${server.output().split('\n').slice(-lines).join('\n')}`,
    )
    .join('\n');
}

export interface RoundRobinProxy {
  url: string;
  /** Which backend (its index) answered each request, in order. */
  readonly served: number[];
  close(): Promise<void>;
}

/**
 * A load balancer in front of `backends` (read at each request, so they may be added later): each request goes to the next backend in turn. It
 * passes the method, path, headers and body on, and pipes the answer back as it comes, so a
 * stream of server-sent events reaches the client event by event. It tells the backends the
 * visitor's address in X-Forwarded-For, as a real one does (they run with TRUST_PROXY=1).
 */
export async function startRoundRobinProxy(
  backends: readonly string[],
  visitorAddress: string,
): Promise<RoundRobinProxy> {
  let next = 0;
  const served: number[] = [];
  const server = http.createServer((request, response) => {
    const index = next++ % backends.length;
    served.push(index);
    const target = new URL(request.url ?? '/', backends[index]);
    const upstream = http.request(target, {
      method: request.method,
      headers: { ...request.headers, 'x-forwarded-for': visitorAddress },
    });
    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      // Headers at once: an event stream's first event may be a while coming.
      response.flushHeaders();
      answer.pipe(response);
      // A backend that cuts its answer off (a stream ended by a shutdown) cuts the client's too.
      answer.on('aborted', () => response.destroy());
    });
    upstream.on('error', (error) => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${error.message}`);
    });
    // A client that goes away (an event stream closed) closes its request to the backend too.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export interface ServerSentEvent {
  event: string;
  id?: string;
  data: string;
}

export interface EventStream {
  /** The next event of this type not yet taken, waiting up to `timeoutMs` for it. */
  next(type: string, timeoutMs: number): Promise<ServerSentEvent>;
  /** Resolves when the server ends the stream (or the connection drops), with how it ended. */
  readonly ended: Promise<'ended' | 'dropped'>;
  close(): void;
}

/**
 * Opens a server-sent event stream with fetch, as the web app does (a bearer token in the
 * header), and reads it in the background. Rejects unless the server answers 200 with
 * text/event-stream.
 */
export async function openEventStream(url: string, token: string): Promise<EventStream> {
  const controller = new AbortController();
  const answer = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const type = answer.headers.get('content-type') ?? '';
  if (answer.status !== 200 || !type.startsWith('text/event-stream')) {
    throw new Error(`event stream ${url}: ${answer.status} ${type} ${await answer.text()}`);
  }
  const received: ServerSentEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  const read = async (): Promise<'ended' | 'dropped'> => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of answer.body!) {
        buffered += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const parsed = parseEvent(buffered.slice(0, end));
          buffered = buffered.slice(end + 2);
          if (parsed) received.push(parsed);
        }
        notify();
      }
      return 'ended';
    } catch {
      return 'dropped';
    } finally {
      notify();
    }
  };
  const ended = read();
  let finished = false;
  void ended.then(() => (finished = true));

  return {
    ended,
    close: () => controller.abort(),
    next: (wanted, timeoutMs) =>
      new Promise((resolve, reject) => {
        const take = () => {
          const index = received.findIndex((candidate) => candidate.event === wanted);
          if (index >= 0) return settle(() => resolve(received.splice(index, 1)[0]!));
          if (finished) settle(() => reject(new Error(`the stream ${url} ended before a "${wanted}" event`)));
        };
        const timer = setTimeout(
          () => settle(() => reject(new Error(`no "${wanted}" event within ${timeoutMs} ms on ${url}`))),
          timeoutMs,
        );
        const settle = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(take);
          then();
        };
        waiters.add(take);
        take();
      }),
  };
}

/** One event's lines; comments (": keep-alive") and a bare `retry:` make no event. */
function parseEvent(block: string): ServerSentEvent | undefined {
  const event: ServerSentEvent = { event: 'message', data: '' };
  let hasData = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event.event = value;
    else if (field === 'id') event.id = value;
    else if (field === 'data') {
      event.data = hasData ? `${event.data}\n${value}` : value;
      hasData = true;
    }
  }
  return hasData ? event : undefined;
}

/** Retries `check` until it stops throwing or `timeoutMs` passes (then throws its last error). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs: number, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
