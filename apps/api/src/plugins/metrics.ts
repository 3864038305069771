import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authEndpoints } from '@portal/contract';
import type { Metrics } from '../lib/metrics';
import { ERROR_MESSAGES } from './errors';

const LOGIN_ROUTE = `/api${authEndpoints.login.path}`;

/** Times every request by its route's pattern; counts refused logins from the login route's answers. */
export const observeRequests = fp(async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    // A URL no route matched has no pattern: one label for all of them keeps the series few.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (route === LOGIN_ROUTE && request.method === authEndpoints.login.method) {
      if (reply.statusCode === 401) metrics.countLoginFailure('refused');
      if (reply.statusCode === 429) metrics.countLoginFailure('limited');
    }
  });
});

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus's text format (docs/deploy.md, Metrics); with a token, only for
 * `Authorization: Bearer <token>`.
 */
export async function metricsRoute(app: FastifyInstance, { metrics, token }: { metrics: Metrics; token?: string }) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token && !sameToken(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: ERROR_MESSAGES.metricsTokenRequired });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
