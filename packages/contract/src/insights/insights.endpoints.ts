import { z } from 'zod';
import { defineEndpoints, idParams } from '../common/endpoint';
import { statisticsEntrySchema, statisticsRequestSchema } from '../campaigns/statistics.schemas';

/** Figures, dashboards and analytics (docs/product/insights.md). */
export const insightsEndpoints = defineEndpoints({
  saveStatistics: {
    method: 'POST',
    path: '/campaign/add-update-performance-stats/:id',
    access: 'admin',
    tag: 'insights',
    summary: "Add an entry of an approved campaign's figures",
    description:
      'Every save adds a new entry, the running totals as of `created_at`; nothing is overwritten. Days are sent as `D MMM YYYY 00:00:00` or ISO 8601.',
    params: idParams('The campaign id, a whole number'),
    body: statisticsRequestSchema,
    response: z.object({ message: z.string(), data: statisticsEntrySchema }).meta({ id: 'StatisticsResponse' }),
    errors: [401, 403, 404, 409, 422],
  },
});
