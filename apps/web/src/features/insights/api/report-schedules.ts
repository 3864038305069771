import { LIST_LIMITS, reportScheduleEndpoints, type ReportScheduleRequest } from '@portal/contract';
import { mutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { analyticsKeys } from '@/lib/query-keys';
import { useCampaignAnalytics } from './campaign-analytics';

// Shown on My account alone; switching accounts drops every answer, so the key needs no account.
const SCHEDULES_KEY = [...analyticsKeys.all, 'report-schedules'] as const;

/** GET /api/customer/report-schedules: the user's scheduled reports of the current account. */
export function useReportSchedules(enabled: boolean) {
  return useQuery({
    queryKey: SCHEDULES_KEY,
    queryFn: ({ signal }) => callApi(reportScheduleEndpoints.listReportSchedules, { signal }),
    enabled,
  });
}

/** The campaigns a schedule may choose: the first page of the analytics list, as large as a page goes. */
export const useSchedulableCampaigns = () =>
  useCampaignAnalytics('customer', { page: 1, per_page: LIST_LIMITS.maxPerPage, search: '' });

/** POST (new) or PUT (existing) /api/customer/report-schedules. */
export function useSaveReportSchedule() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['analytics', 'save-report-schedule'],
      mutationFn: ({ id, body }: { id: number | null; body: ReportScheduleRequest }) =>
        id === null
          ? callApi(reportScheduleEndpoints.createReportSchedule, { body })
          : callApi(reportScheduleEndpoints.updateReportSchedule, { params: { id }, body }),
      onSettled: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
    }),
  );
}

/** DELETE /api/customer/report-schedules/:id. */
export function useDeleteReportSchedule() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['analytics', 'delete-report-schedule'],
      mutationFn: (id: number) => callApi(reportScheduleEndpoints.deleteReportSchedule, { params: { id } }),
      onSettled: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
    }),
  );
}

/** POST /api/report-schedules/unsubscribe with the e-mail's signed link, signed in or not. */
export function useUnsubscribeReport() {
  return useMutation({
    mutationKey: ['analytics', 'unsubscribe-report'],
    mutationFn: (query: { schedule: string; signature: string }) =>
      callApi(reportScheduleEndpoints.unsubscribeReport, { query }),
  });
}
