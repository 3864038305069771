import { type ReportLinkDays, sharingEndpoints } from '@portal/contract';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { sharedLinkKeys } from '@/lib/query-keys';
import type { DayRange } from '../utils/report-range';

/**
 * POST /api/customer/shared-links with a report: a read-only link to the account's or one
 * campaign's report over the page's days (docs/product/insights.md, Report links). My account's
 * list reloads.
 */
export function useMakeReportLink() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['shared-links', 'report'],
      mutationFn: ({ campaignId, range, days }: { campaignId: number | null; range: DayRange; days: ReportLinkDays }) =>
        callApi(sharingEndpoints.createSharedLink, {
          body: { kind: 'report', campaign_id: campaignId, ...range, expires_in_days: days },
        }),
      onSettled: () => client.invalidateQueries({ queryKey: sharedLinkKeys.all }),
    }),
  );
}
