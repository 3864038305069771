import { accountEndpoints } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/customer/resend-otp/email-change-request: a new code for the new address; 429 within a minute. */
function resendEmailChangeCode(newEmail: string) {
  return callApi(accountEndpoints.resendEmailChangeCode, { body: { new_email: newEmail } });
}

const resendEmailChangeCodeMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'resend-email-change-code'], mutationFn: resendEmailChangeCode });

export function useResendEmailChangeCode() {
  return useMutation(resendEmailChangeCodeMutationOptions());
}
