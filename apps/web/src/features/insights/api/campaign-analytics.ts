import { calendarDay, insightsEndpoints, type ListQuery } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { analyticsKeys, type AnalyticsScope } from '@/lib/query-keys';

const ENDPOINTS = {
  customer: { list: insightsEndpoints.customerAnalytics, export: insightsEndpoints.customerAnalyticsExport },
  all: { list: insightsEndpoints.allAnalytics, export: insightsEndpoints.allAnalyticsExport },
} as const;

/**
 * GET /api/customer/campaigns-analytics or /api/all-campaigns-analytics: one page of campaigns
 * with their current figures (docs/product/insights.md, Analytics pages).
 */
export function useCampaignAnalytics(scope: AnalyticsScope, query: ListQuery) {
  return useQuery({
    queryKey: analyticsKeys.list(scope, query),
    queryFn: ({ signal }) => callApi(ENDPOINTS[scope].list, { query, signal }),
    // The previous page stays on screen while the next one loads, so the cards do not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The name the file gets if the server does not give one: the day of the download (docs/product/insights.md, CSV export). */
const exportFallbackName = (today = new Date()) => `campaigns-analytics-${calendarDay(today)}.csv`;

/** GET …/export?search=: every campaign matching the search, as the CSV file the browser saves. */
export function useAnalyticsExport(scope: AnalyticsScope) {
  return useMutation({
    mutationKey: [...analyticsKeys.all, 'export', scope],
    mutationFn: (search: string) => downloadFile(ENDPOINTS[scope].export, { query: { search } }, exportFallbackName()),
  });
}
