import type { FastifyInstance, FastifyReply } from 'fastify';
import { type AnalyticsExportQuery, insightsEndpoints, STATISTICS_MESSAGES } from '@portal/contract';
import { attachmentDisposition } from '../../adapters/storage/storage';
import { route } from '../../lib/endpoint-route';
import type { AnalyticsScope } from '../campaigns';
import type { InsightsService } from './insights.service';
import type { ReportService } from './report.service';

/** Figures, dashboards and analytics (docs/product/insights.md). */
export async function insightsRoutes(
  app: FastifyInstance,
  { insightsService, reportService }: { insightsService: InsightsService; reportService: ReportService },
) {
  /** A customer's page shows the campaigns of the account the request names. */
  const mine = (request: { principal: { advertiser: { id: number } } }): AnalyticsScope => ({
    advertiserId: request.principal.advertiser.id,
  });

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
  route(app, insightsEndpoints.pacingPanel, async (request) => ({
    data: await insightsService.pacingPanel(request.principal.advertiser.id),
  }));
  route(app, insightsEndpoints.adminStatistics, async () => ({ data: await insightsService.adminStatistics() }));

  route(app, insightsEndpoints.customerAnalytics, (request) => insightsService.analytics(mine(request), request.query));
  route(app, insightsEndpoints.allAnalytics, (request) => insightsService.analytics('all', request.query));

  route(app, insightsEndpoints.customerReport, async (request) => ({
    data: await reportService.sums(mine(request), request.query),
  }));
  route(app, insightsEndpoints.allReport, async (request) => ({
    data: await reportService.sums('all', request.query),
  }));
  route(app, insightsEndpoints.customerCampaignReport, async (request) => ({
    data: await reportService.campaign(mine(request), request.params.id, request.query),
  }));
  route(app, insightsEndpoints.allCampaignReport, async (request) => ({
    data: await reportService.campaign('all', request.params.id, request.query),
  }));
  route(app, insightsEndpoints.customerComparison, async ({ query: { ids, ...range }, ...request }) => ({
    data: await reportService.comparison(mine(request), ids, range),
  }));
  route(app, insightsEndpoints.allComparison, async ({ query: { ids, ...range } }) => ({
    data: await reportService.comparison('all', ids, range),
  }));

  /**
   * The CSV file, streamed; private, as it holds the caller's (or every customer's) figures. With
   * a range it holds the daily values over it, otherwise the current figures.
   */
  const sendExport = (reply: FastifyReply, scope: AnalyticsScope, { search, from, to, form }: AnalyticsExportQuery) => {
    const { file, name } =
      from !== undefined && to !== undefined
        ? reportService.exportRange(scope, search, { from, to }, form ?? 'totals')
        : { file: insightsService.exportAnalytics(scope, search), name: insightsService.exportFileName() };
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(name))
      .header('cache-control', 'private, no-store')
      .send(file);
  };
  route(app, insightsEndpoints.customerAnalyticsExport, async (request, reply) =>
    sendExport(reply, mine(request), request.query),
  );
  route(app, insightsEndpoints.allAnalyticsExport, async (request, reply) => sendExport(reply, 'all', request.query));
}
