import { authEndpoints } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/forgot-password: the same answer whether or not the address is registered. */
function forgotPassword(email: string) {
  return callApi(authEndpoints.forgotPassword, { body: { email } });
}

const forgotPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword });

export function useForgotPassword() {
  return useMutation(forgotPasswordMutationOptions());
}
