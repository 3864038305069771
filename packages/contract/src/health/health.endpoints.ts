import { z } from 'zod';
import { defineEndpoints } from '../common/endpoint';

export const healthResponseSchema = z
  .object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) })
  .meta({ id: 'HealthResponse' });

export const livenessResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'LivenessResponse' });

export const readinessResponseSchema = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    database: z.enum(['up', 'down']),
    /** `pending` while a migration this build carries is not applied yet (MIGRATE=false deployments). */
    migrations: z.enum(['applied', 'pending', 'unknown']),
  })
  .meta({ id: 'ReadinessResponse' });

export const healthEndpoints = defineEndpoints({
  health: {
    method: 'GET',
    path: '/health',
    access: 'public',
    tag: 'health',
    summary: 'Whether the API and its database answer',
    description: 'For load balancers and orchestrators: 200 while the database answers, 503 when it does not.',
    response: healthResponseSchema,
    otherResponses: { 503: healthResponseSchema },
    errors: [],
  },
  liveness: {
    method: 'GET',
    path: '/health/live',
    access: 'public',
    tag: 'health',
    summary: 'Whether the process answers',
    description:
      'A liveness probe: 200 whenever the process can answer, whatever its database does. Restart the process only when this fails.',
    response: livenessResponseSchema,
    errors: [],
  },
  readiness: {
    method: 'GET',
    path: '/health/ready',
    access: 'public',
    tag: 'health',
    summary: 'Whether the process should be sent requests',
    description:
      'A readiness probe: 200 while the database answers and every migration is applied; 503 otherwise, and from the moment the process begins shutting down.',
    response: readinessResponseSchema,
    otherResponses: { 503: readinessResponseSchema },
    errors: [],
  },
});
