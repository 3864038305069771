import { campaignEndpoints } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** DELETE /api/customer/campaign-draft/{id}: Cancel in the wizard, the draft and its files. */
function deleteCampaignDraft(id: number) {
  return callApi(campaignEndpoints.deleteCampaignDraft, { params: { id } });
}

export function useDeleteCampaignDraft() {
  return useMutation(mutationOptions({ mutationKey: ['campaigns', 'delete-draft'], mutationFn: deleteCampaignDraft }));
}
