import type { FastifyInstance } from 'fastify';
import { healthEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';

const PING_TIMEOUT_MS = 3_000;

/** For load balancers and orchestrators: 200 while the database answers, 503 when it does not. */
export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  route(app, healthEndpoints.health, async (request, reply) => {
    try {
      await Promise.race([
        ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS).unref(),
        ),
      ]);
      return { status: 'ok' as const, database: 'up' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database down');
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    }
  });
}
