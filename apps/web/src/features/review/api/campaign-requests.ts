import { reviewEndpoints, type ApprovalValues, type ListQuery, type ReviewListingType } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidate, reviewKeys, staleAfter } from '@/lib/query-keys';

/** GET /api/get-campaign-requests: one page of a review tab. */
export function useCampaignRequests(listingType: ReviewListingType, query: ListQuery) {
  return useQuery({
    queryKey: reviewKeys.requestList(listingType, query),
    queryFn: ({ signal }) =>
      callApi(reviewEndpoints.listCampaignRequests, { query: { ...query, listing_type: listingType }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/latest-campaigns: the dashboard's newest approved campaigns, archived ones left out. */
export function useLatestApprovedCampaigns() {
  return useQuery({
    queryKey: reviewKeys.latestApproved(),
    queryFn: async ({ signal }) => (await callApi(reviewEndpoints.latestApprovedCampaigns, { signal })).data,
    staleTime: 0,
  });
}

/** The campaign id of a review page's address: 0, which no campaign has, when it is not one. */
export function reviewedCampaignId(param: string | undefined): number {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** GET /api/admin/campaign/{id}: the campaign under review, with its files and History. */
export const adminCampaignQuery = (id: number) =>
  queryOptions({
    queryKey: reviewKeys.campaign(id),
    queryFn: async ({ signal }) => (await callApi(reviewEndpoints.getAdminCampaign, { params: { id }, signal })).data,
  });

export function useAdminCampaign(id: number) {
  return useQuery(adminCampaignQuery(id));
}

/** POST /api/update-campaign-approval-status/{id}: approve or decline; what shows the campaign reloads. */
export function useDecideCampaign(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['review', 'decide', id],
    mutationFn: (values: ApprovalValues) => callApi(reviewEndpoints.decideCampaign, { params: { id }, body: values }),
    onSettled: () => invalidate(queryClient, staleAfter.reviewDecision(id)),
  });
}
