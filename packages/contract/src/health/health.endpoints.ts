import { z } from 'zod';
import { defineEndpoints } from '../common/endpoint';

export const healthResponseSchema = z
  .object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) })
  .meta({ id: 'HealthResponse' });

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
});
