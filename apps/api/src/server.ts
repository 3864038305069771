import v8 from 'node:v8';
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAdapters } from './adapters';
import { buildApp } from './app';
import { ConfigError, configWarnings, loadConfig, type Config } from './config';
import type { DatabaseHandle } from './db/database';
import { openConfiguredDatabase } from './db/embedded-database';
import type { Metrics } from './lib/metrics';
import { metricsRoute } from './plugins/metrics';
import { ensureAdministrator } from './modules/users/seed';

// The heap may grow by half its live size before the next full collection, not by up to four
// times it (V8's default on a machine with plenty of memory). Requests queued on the embedded
// database's one connection live long enough to reach the old generation, and with the default
// the process grew to 300-500 MiB with such garbage between collections; with this it stays
// near 300 MiB, for about six full collections a minute under load, of 10-20 ms each
// (docs/decisions/018-embedded-database-footprint.md).
v8.setFlagsFromString('--heap-growing-percent=50');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database = await openConfiguredDatabase(config);
  // With MIGRATE=false a separate step (`npm run migrate`) applies them; until it has, the
  // process answers but is not ready, and starts no background work (docs/deploy.md, Upgrades).
  if (config.migrate) await database.migrate();
  // The adapters report outages to the app's log, which exists once the app is built on them.
  const appLog: { current?: FastifyInstance['log'] } = {};
  const adapters = await createAdapters(config, {
    warn: (details, message) => appLog.current?.warn(details, message),
    info: (message) => appLog.current?.info(message),
  });
  const app = await buildApp({ config, database, adapters });
  appLog.current = app.log;
  for (const warning of configWarnings(config)) app.log.warn(warning);

  const metricsServer = await serveMetricsApart(config, app.metrics);
  let stopping = false;
  // On SIGTERM or SIGINT: stop accepting, let requests under way finish for up to DRAIN_MS, then
  // close the database (docs/deploy.md, Health checks).
  closeWithGrace({ delay: SHUTDOWN_LIMIT_MS }, async ({ signal, err }) => {
    stopping = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    await metricsServer?.close();
    await closeAfterDrain(app);
    await adapters.close();
    await database.close();
  });

  // A web process never runs a job round itself, from its first request on: it asks the workers.
  if (config.role === 'web') app.jobs.handOffToWorkers();
  await app.listen({ port: config.port, host: config.host });
  if (app.mailer.transportKind === 'outbox' && config.role !== 'worker') {
    app.log.info(`E-mail is written to ${config.outboxDir}; read it at ${config.publicOrigin}/dev/mailbox`);
  }

  if (!(await migrationsApplied(app, database, () => stopping))) return;
  await ensureAdministrator(database.db, config.admin, {
    info: (message) => app.log.info(message),
    // The one-time password must be readable in any log format, so it goes to stdout as text too.
    warn: (message) => console.log(message),
  });
  if (config.role !== 'web') {
    // Background work (decision 010): dispatch wakes on every committed event, and on what web
    // processes ask for; jobs run on their periods.
    await app.events.listen();
    await app.jobs.listenForRequests();
    app.jobs.start();
  }
  app.log.info(
    `${config.publicSettings.productName} listening on ${config.publicOrigin} (role: ${config.role}, database: ${database.kind})`,
  );
}

const MIGRATION_CHECK_MS = 5_000;

/** How long requests under way may take to finish once the process is told to stop. */
const DRAIN_MS = 8_000;
/** When a stopping process gives up and exits with an error: the drain, then job rounds and closing. */
const SHUTDOWN_LIMIT_MS = 15_000;

/**
 * Closes the app: new requests get 503, those under way have DRAIN_MS to finish. A request that
 * still holds its connection then (a download to a client that stopped reading, a body that
 * never arrives) would hold the close until the limit, leaving job rounds and the database
 * unclosed; its connection is cut instead.
 */
async function closeAfterDrain(app: FastifyInstance) {
  const cut = setTimeout(() => {
    app.log.warn(`requests still under way after ${DRAIN_MS / 1000} s: closing their connections`);
    app.server.closeAllConnections();
  }, DRAIN_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

/** Waits until every migration is applied (at once, unless MIGRATE=false); false if the process stops first. */
async function migrationsApplied(app: FastifyInstance, database: DatabaseHandle, stopping: () => boolean) {
  if (await database.migrationsApplied()) return true;
  app.log.warn('Migrations are pending: this process is not ready until `npm run migrate` has applied them');
  while (!stopping()) {
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_CHECK_MS));
    if (await database.migrationsApplied()) return true;
  }
  return false;
}

/** With METRICS_PORT, the metrics have a server of their own, so that only the scraper reaches them. */
async function serveMetricsApart(config: Config, metrics: Metrics | undefined) {
  if (!config.metrics?.port || !metrics) return undefined;
  const server = Fastify({ logger: false });
  await server.register(metricsRoute, { metrics, token: config.metrics.token });
  await server.listen({ port: config.metrics.port, host: config.host });
  return server;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
