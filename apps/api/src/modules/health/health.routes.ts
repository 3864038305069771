import type { FastifyInstance } from 'fastify';
import { healthEndpoints } from '@portal/contract';
import type { DatabaseHandle } from '../../db/database';
import { route } from '../../lib/endpoint-route';

const PING_TIMEOUT_MS = 3_000;

/** Rejects when `work` has not settled within the time a probe may take. */
function withinProbeTime<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS).unref(),
    ),
  ]);
}

/**
 * For load balancers and orchestrators (docs/deploy.md, Health checks). While the process shuts
 * down every request, these included, gets 503 (Fastify's return503OnClosing), so a draining
 * process is never ready.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { database }: { database: Pick<DatabaseHandle, 'ping' | 'migrationsApplied'> },
) {
  route(app, healthEndpoints.health, async (request, reply) => {
    try {
      await withinProbeTime(database.ping());
      return { status: 'ok' as const, database: 'up' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database down');
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    }
  });

  route(app, healthEndpoints.liveness, async () => ({ status: 'ok' as const }));

  route(app, healthEndpoints.readiness, async (request, reply) => {
    try {
      await withinProbeTime(database.ping());
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database down');
      return reply.code(503).send({ status: 'unavailable', database: 'down', migrations: 'unknown' });
    }
    const applied = await withinProbeTime(database.migrationsApplied()).catch(() => false);
    if (!applied) return reply.code(503).send({ status: 'unavailable', database: 'up', migrations: 'pending' });
    return { status: 'ready' as const, database: 'up' as const, migrations: 'applied' as const };
  });
}
