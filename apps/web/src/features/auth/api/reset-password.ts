import { authEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/reset-password/{linkhash}: sets the new password; 422 for a dead link or invalid fields. */
function resetPassword({
  linkhash,
  ...values
}: EndpointBody<typeof authEndpoints.resetPassword> & { linkhash: string }) {
  return callApi(authEndpoints.resetPassword, { params: { linkhash }, body: values });
}

const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions());
}
