import { campaignEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/customer/create-ad-template: wizard step 2, the ad's texts, link and files in order. */
function saveAdTemplate(values: EndpointBody<typeof campaignEndpoints.saveAdTemplate>) {
  return callApi(campaignEndpoints.saveAdTemplate, { body: values });
}

export function useSaveAdTemplate() {
  return useMutation(mutationOptions({ mutationKey: ['campaigns', 'save-ad'], mutationFn: saveAdTemplate }));
}
