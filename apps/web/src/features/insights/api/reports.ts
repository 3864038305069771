import { insightsEndpoints, type ExportForm } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { analyticsKeys, type AnalyticsScope } from '@/lib/query-keys';
import type { DayRange } from '../utils/report-range';

const ENDPOINTS = {
  customer: {
    sums: insightsEndpoints.customerReport,
    comparison: insightsEndpoints.customerComparison,
    export: insightsEndpoints.customerAnalyticsExport,
  },
  all: {
    sums: insightsEndpoints.allReport,
    comparison: insightsEndpoints.allComparison,
    export: insightsEndpoints.allAnalyticsExport,
  },
} as const;

/**
 * GET …/report: the daily values of the page's campaigns together over the range
 * (docs/product/insights.md, Reports over dates).
 */
export function useReport(scope: AnalyticsScope, range: DayRange) {
  return useQuery({
    queryKey: analyticsKeys.report(scope, range),
    queryFn: ({ signal }) => callApi(ENDPOINTS[scope].sums, { query: range, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET …/compare: two to four campaigns side by side over the range; asks only while `enabled`. */
export function useComparison(scope: AnalyticsScope, ids: number[], range: DayRange, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.comparison(scope, ids, range),
    queryFn: ({ signal }) =>
      // The client writes the ids list as the contract reads it, "1,2,3".
      callApi(ENDPOINTS[scope].comparison, { query: { ids, ...range }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

/** GET …/export with a range: the CSV file of its days, per day or in totals. */
export function useRangeExport(scope: AnalyticsScope) {
  return useMutation({
    mutationKey: [...analyticsKeys.all, 'range-export', scope],
    mutationFn: ({ search, range, form }: { search: string; range: DayRange; form: ExportForm }) =>
      downloadFile(
        ENDPOINTS[scope].export,
        { query: { search, ...range, form } },
        `campaigns-analytics-${form === 'per_day' ? 'per-day' : 'totals'}-${range.from}-to-${range.to}.csv`,
      ),
  });
}
