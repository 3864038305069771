import { messageResponseSchema, type MessageResponse } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/new-otp: mails a new sign-up code; 429 (with Retry-After) within a minute of the last. */
export function requestNewOtp(userId: number): Promise<MessageResponse> {
  return apiClient.post('/new-otp', { user_id: userId }, { schema: messageResponseSchema });
}

export const requestNewOtpMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'new-otp'], mutationFn: requestNewOtp });

export function useRequestNewOtp() {
  return useMutation(requestNewOtpMutationOptions());
}
