import { signupEndpoints } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/new-otp: mails a new sign-up code; 429 (with Retry-After) within a minute of the last. */
function requestNewOtp(userId: number) {
  return callApi(signupEndpoints.requestNewOtp, { body: { user_id: userId } });
}

const requestNewOtpMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'new-otp'], mutationFn: requestNewOtp });

export function useRequestNewOtp() {
  return useMutation(requestNewOtpMutationOptions());
}
