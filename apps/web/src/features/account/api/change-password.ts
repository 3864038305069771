import { accountEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/customer/change-password: 422 with errors.current_password when it is wrong. Success
 * revokes every session of the user, this one included.
 */
function changePassword(values: EndpointBody<typeof accountEndpoints.changePassword>) {
  return callApi(accountEndpoints.changePassword, { body: values });
}

const changePasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'change-password'], mutationFn: changePassword });

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
