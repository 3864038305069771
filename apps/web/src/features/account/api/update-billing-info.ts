import { accountEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/customer/update-billing-info: the same fields as sign-up's billing step. */
function updateBillingInfo(values: EndpointBody<typeof accountEndpoints.updateBillingInfo>) {
  return callApi(accountEndpoints.updateBillingInfo, { body: values });
}

const updateBillingInfoMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'update-billing-info'], mutationFn: updateBillingInfo });

export function useUpdateBillingInfo() {
  return useMutation(updateBillingInfoMutationOptions());
}
