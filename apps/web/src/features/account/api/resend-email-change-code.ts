import { messageResponseSchema, type MessageResponse } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/customer/resend-otp/email-change-request: a new code for the new address; 429 within a minute. */
export function resendEmailChangeCode(newEmail: string): Promise<MessageResponse> {
  return apiClient.post(
    '/customer/resend-otp/email-change-request',
    { new_email: newEmail },
    { schema: messageResponseSchema },
  );
}

export const resendEmailChangeCodeMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'resend-email-change-code'], mutationFn: resendEmailChangeCode });

export function useResendEmailChangeCode() {
  return useMutation(resendEmailChangeCodeMutationOptions());
}
