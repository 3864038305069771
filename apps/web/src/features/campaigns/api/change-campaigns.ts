import { campaignEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidate, staleAfter } from '@/lib/query-keys';

/** POST /api/customer/my-campaigns/update/{id}: the switch and the Edit dialog. */
function updateCampaign({ id, ...changes }: { id: number } & EndpointBody<typeof campaignEndpoints.updateCampaign>) {
  return callApi(campaignEndpoints.updateCampaign, { params: { id }, body: changes });
}

/** POST /api/customer/my-campaigns/resubmit/{id}: a declined campaign back to review. */
function resubmitCampaign(id: number) {
  return callApi(campaignEndpoints.resubmitCampaign, { params: { id } });
}

/** POST /api/customer/my-campaigns/duplicate: copies of the chosen campaigns, pending review. */
function duplicateCampaigns(ids: number[]) {
  return callApi(campaignEndpoints.duplicateCampaigns, { body: { campaign_ids: ids } });
}

/** POST /api/customer/my-campaigns/restore/{id}: an archived campaign back, switched off. */
function restoreCampaign(id: number) {
  return callApi(campaignEndpoints.restoreCampaign, { params: { id } });
}

/** DELETE /api/customer/my-campaigns/soft-delete: archives, or deletes archived ones for good. */
function deleteCampaigns(ids: number[]) {
  return callApi(campaignEndpoints.deleteCampaigns, { body: { campaign_ids: ids } });
}

/** A change to campaigns: every list of them reloads afterwards, at the page it shows. */
function useCampaignChange<Input, Output>(name: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['campaigns', name],
      mutationFn,
      onSettled: () => invalidate(queryClient, staleAfter.campaignChange()),
    }),
  );
}

export const useUpdateCampaign = () => useCampaignChange('update', updateCampaign);
export const useResubmitCampaign = () => useCampaignChange('resubmit', resubmitCampaign);
export const useDuplicateCampaigns = () => useCampaignChange('duplicate', duplicateCampaigns);
export const useRestoreCampaign = () => useCampaignChange('restore', restoreCampaign);
export const useDeleteCampaigns = () => useCampaignChange('delete', deleteCampaigns);
