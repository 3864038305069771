import { accountEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/customer/update-personal-info: the signed-in user's first and last name. */
function updatePersonalInfo(values: EndpointBody<typeof accountEndpoints.updatePersonalInfo>) {
  return callApi(accountEndpoints.updatePersonalInfo, { body: values });
}

const updatePersonalInfoMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'update-personal-info'], mutationFn: updatePersonalInfo });

export function useUpdatePersonalInfo() {
  return useMutation(updatePersonalInfoMutationOptions());
}
