import { campaignEndpoints } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { campaignKeys } from '@/lib/query-keys';

/** GET /api/customer/campaign-draft: the customer's wizard draft with its ad and files, or null. */
function getCampaignDraft(signal?: AbortSignal) {
  return callApi(campaignEndpoints.getCampaignDraft, { signal });
}

const campaignDraftQueryOptions = () =>
  queryOptions({
    queryKey: campaignKeys.draft(),
    queryFn: ({ signal }) => getCampaignDraft(signal),
    // The wizard reads it once when it opens; its own saves say what changed.
    staleTime: Infinity,
  });

export function useCampaignDraft() {
  return useQuery(campaignDraftQueryOptions());
}
