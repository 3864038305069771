import { messageResponseSchema, type MessageResponse } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface VerifyOtpValues {
  user_id: number;
  otp: string;
}

/** POST /api/verify-otp: 422 for a wrong, expired or used-up code; 403 once the sign-up session ended. */
export function verifyOtp(values: VerifyOtpValues): Promise<MessageResponse> {
  return apiClient.post('/verify-otp', values, { schema: messageResponseSchema });
}

export const verifyOtpMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'verify-otp'], mutationFn: verifyOtp });

export function useVerifyOtp() {
  return useMutation(verifyOtpMutationOptions());
}
