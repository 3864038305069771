import { campaignEndpoints, type CustomerListTab, type ListQuery } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { campaignKeys } from '@/lib/query-keys';

const ENDPOINTS = {
  active: campaignEndpoints.listActiveCampaigns,
  pending: campaignEndpoints.listPendingCampaigns,
  archived: campaignEndpoints.listArchivedCampaigns,
} as const;

/** GET /api/customer/my-{active,pending,archived}-campaigns: one page of one tab. */
function listCampaigns(tab: CustomerListTab, query: ListQuery, signal?: AbortSignal) {
  return callApi(ENDPOINTS[tab], { query, signal });
}

const campaignListQueryOptions = (tab: CustomerListTab, query: ListQuery) =>
  queryOptions({
    queryKey: campaignKeys.list(tab, query),
    queryFn: ({ signal }) => listCampaigns(tab, query, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useCampaignList(tab: CustomerListTab, query: ListQuery) {
  return useQuery(campaignListQueryOptions(tab, query));
}
