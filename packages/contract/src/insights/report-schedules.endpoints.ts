import { messageResponseSchema } from '../common/common.schemas';
import { defineEndpoints, idParams } from '../common/endpoint';
import {
  reportScheduleListResponseSchema,
  reportScheduleRequestSchema,
  reportScheduleResponseSchema,
  unsubscribeQuerySchema,
} from './report-schedules.schemas';

const SCHEDULES = { access: 'customer', permission: 'campaigns.view', tag: 'insights' } as const;

/** Scheduled reports (docs/product/insights.md, Scheduled reports): each user's own, in the account the request names. */
export const reportScheduleEndpoints = defineEndpoints({
  listReportSchedules: {
    ...SCHEDULES,
    method: 'GET',
    path: '/customer/report-schedules',
    summary: "The caller's scheduled reports of the account",
    response: reportScheduleListResponseSchema,
    errors: [401, 403],
  },
  createReportSchedule: {
    ...SCHEDULES,
    method: 'POST',
    path: '/customer/report-schedules',
    summary: 'Add a weekly or monthly report by e-mail of every campaign or chosen ones',
    body: reportScheduleRequestSchema,
    response: reportScheduleResponseSchema,
    successStatus: 201,
    errors: [401, 403, 409, 422],
  },
  updateReportSchedule: {
    ...SCHEDULES,
    method: 'PUT',
    path: '/customer/report-schedules/:id',
    summary: 'Change how often a scheduled report is sent and which campaigns it covers',
    params: idParams('The schedule id, a whole number'),
    body: reportScheduleRequestSchema,
    response: reportScheduleResponseSchema,
    errors: [401, 403, 404, 422],
  },
  deleteReportSchedule: {
    ...SCHEDULES,
    method: 'DELETE',
    path: '/customer/report-schedules/:id',
    summary: 'Delete a scheduled report',
    params: idParams('The schedule id, a whole number'),
    response: messageResponseSchema,
    errors: [401, 403, 404],
  },
  unsubscribeReport: {
    method: 'POST',
    path: '/report-schedules/unsubscribe',
    access: 'public',
    tag: 'insights',
    summary: "Unsubscribe from a scheduled report with the e-mail's signed link, without signing in",
    description:
      "Also the target of the e-mail's `List-Unsubscribe` header (RFC 8058 one-click: a POST with the body `List-Unsubscribe=One-Click`, which is ignored). A link whose schedule is gone answers that the reader is already unsubscribed.",
    query: unsubscribeQuerySchema,
    response: messageResponseSchema,
    errors: [403, 422],
  },
});
