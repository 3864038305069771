import { signupEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/verify-otp: 422 for a wrong, expired or used-up code; 403 once the sign-up session ended. */
function verifyOtp(values: EndpointBody<typeof signupEndpoints.verifyOtp>) {
  return callApi(signupEndpoints.verifyOtp, { body: values });
}

const verifyOtpMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'verify-otp'], mutationFn: verifyOtp });

export function useVerifyOtp() {
  return useMutation(verifyOtpMutationOptions());
}
