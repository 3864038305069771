import { campaignEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/customer/create-campaign-details: wizard step 1, creating or updating the draft. */
function saveCampaignDetails(values: EndpointBody<typeof campaignEndpoints.saveCampaignDetails>) {
  return callApi(campaignEndpoints.saveCampaignDetails, { body: values });
}

export function useSaveCampaignDetails() {
  return useMutation(mutationOptions({ mutationKey: ['campaigns', 'save-details'], mutationFn: saveCampaignDetails }));
}
