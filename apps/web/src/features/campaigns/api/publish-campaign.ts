import { campaignEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidate, staleAfter } from '@/lib/query-keys';

/** POST /api/customer/publish-campaign: sends the wizard's campaign for review. */
function publishCampaign(values: EndpointBody<typeof campaignEndpoints.publishCampaign>) {
  return callApi(campaignEndpoints.publishCampaign, { body: values });
}

export function usePublishCampaign() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['campaigns', 'publish'],
      mutationFn: publishCampaign,
      onSuccess: () => invalidate(queryClient, staleAfter.campaignChange()),
    }),
  );
}
