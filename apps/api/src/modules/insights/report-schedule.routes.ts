import type { FastifyInstance } from 'fastify';
import { REPORT_SCHEDULE_MESSAGES, reportScheduleEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { ReportScheduleService } from './report-schedule.service';

/** Scheduled reports and their unsubscribe link (docs/product/insights.md, Scheduled reports). */
export async function reportScheduleRoutes(
  app: FastifyInstance,
  { reportScheduleService: service }: { reportScheduleService: ReportScheduleService },
) {
  route(app, reportScheduleEndpoints.listReportSchedules, async (request) => ({
    data: await service.list(request.principal),
  }));

  route(app, reportScheduleEndpoints.createReportSchedule, async (request, reply) => {
    reply.code(201);
    return { message: REPORT_SCHEDULE_MESSAGES.created, data: await service.create(request.principal, request.body) };
  });

  route(app, reportScheduleEndpoints.updateReportSchedule, async (request) => ({
    message: REPORT_SCHEDULE_MESSAGES.updated,
    data: await service.update(request.principal, request.params.id, request.body),
  }));

  route(app, reportScheduleEndpoints.deleteReportSchedule, async (request) => {
    await service.delete(request.principal, request.params.id);
    return { message: REPORT_SCHEDULE_MESSAGES.deleted };
  });

  // Mail programs post `List-Unsubscribe=One-Click` here (RFC 8058); the web page posts nothing.
  route(app, reportScheduleEndpoints.unsubscribeReport, async (request) => ({
    message: await service.unsubscribe(request.query.schedule, request.query.signature),
  }));
}
