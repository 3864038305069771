// The built server (apps/api/dist/server.js) as the measuring scripts start it: a child process
// with the environment they give it, ready once /api/health answers.
import { spawn } from 'node:child_process';

/** Waits until `${origin}/api/health` answers 200, polling every 50 ms for up to two minutes. */
export async function waitForHealth(origin) {
  for (let attempt = 0; attempt < 2400; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not start');
}

/**
 * Starts the built server with `env` (its whole environment) and returns its pid, `ready` (which
 * resolves, once /api/health answers at `origin`, with the milliseconds since the start) and
 * `stop()`. `entry` is another build's server (a copy kept to measure the code before a change). The server's own output goes nowhere but its errors, which go to ours.
 */
export function startBuiltServer({ env, origin, entry = 'apps/api/dist/server.js' }) {
  const startedAt = Date.now();
  const server = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  return {
    pid: server.pid,
    ready: waitForHealth(origin).then(() => Date.now() - startedAt),
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The environment a measuring script starts the server with: ours, on `port` and `dataDir`,
 * logging only warnings, on PostgreSQL when `databaseUrl` is given and on the embedded database
 * otherwise, with `extra` on top.
 */
export function benchServerEnv({ port, dataDir, databaseUrl, ...extra }) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}
