import type { FastifyInstance, FastifyReply } from 'fastify';
import { insightsEndpoints, STATISTICS_MESSAGES } from '@portal/contract';
import { attachmentDisposition } from '../../adapters/storage/storage';
import { route } from '../../lib/endpoint-route';
import type { AnalyticsScope } from '../campaigns';
import type { InsightsService } from './insights.service';

/** Figures, dashboards and analytics (docs/product/insights.md). */
export async function insightsRoutes(app: FastifyInstance, { insightsService }: { insightsService: InsightsService }) {
  route(app, insightsEndpoints.saveStatistics, async (request) => ({
    message: STATISTICS_MESSAGES.updated,
    data: await insightsService.saveEntry(request.principal, request.params.id, request.body),
  }));

  route(app, insightsEndpoints.dashboardStatistics, async (request) => ({
    data: await insightsService.dashboardStatistics(request.principal.advertiser.id),
  }));
  route(app, insightsEndpoints.weeklySpend, async (request) => ({
    data: await insightsService.weeklySpend(request.principal.advertiser.id),
  }));
  route(app, insightsEndpoints.latestCampaigns, async (request) => ({
    data: await insightsService.latestCampaigns(request.principal.advertiser.id),
  }));
  route(app, insightsEndpoints.adminStatistics, async () => ({ data: await insightsService.adminStatistics() }));

  route(app, insightsEndpoints.customerAnalytics, (request) =>
    insightsService.analytics({ advertiserId: request.principal.advertiser.id }, request.query),
  );
  route(app, insightsEndpoints.allAnalytics, (request) => insightsService.analytics('all', request.query));

  /** The CSV file, streamed; private, as it holds the caller's (or every customer's) figures. */
  const sendExport = (reply: FastifyReply, scope: AnalyticsScope, search: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(insightsService.exportFileName()))
      .header('cache-control', 'private, no-store')
      .send(insightsService.exportAnalytics(scope, search));
  route(app, insightsEndpoints.customerAnalyticsExport, async (request, reply) =>
    sendExport(reply, { advertiserId: request.principal.advertiser.id }, request.query.search),
  );
  route(app, insightsEndpoints.allAnalyticsExport, async (request, reply) =>
    sendExport(reply, 'all', request.query.search),
  );
}
