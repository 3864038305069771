import type { FastifyInstance } from 'fastify';
import { insightsEndpoints, STATISTICS_MESSAGES } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import { requirePrincipal } from '../../plugins/auth';
import type { InsightsService } from './insights.service';

/** Figures, dashboards and analytics (docs/product/insights.md). */
export async function insightsRoutes(app: FastifyInstance, { insightsService }: { insightsService: InsightsService }) {
  route(app, insightsEndpoints.saveStatistics, async (request) => ({
    message: STATISTICS_MESSAGES.updated,
    data: await insightsService.saveEntry(requirePrincipal(request), request.params.id, request.body),
  }));
}
