import { verifyEmailChangeResponseSchema } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

type VerifyEmailChangeResponse = z.infer<typeof verifyEmailChangeResponseSchema>;

export interface VerifyEmailChangeValues {
  new_email: string;
  otp: string;
}

/** POST /api/customer/new-email-otp/verify: the code from the new address makes it the account's. */
export function verifyEmailChange(values: VerifyEmailChangeValues): Promise<VerifyEmailChangeResponse> {
  return apiClient.post('/customer/new-email-otp/verify', values, { schema: verifyEmailChangeResponseSchema });
}

export const verifyEmailChangeMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'verify-email-change'], mutationFn: verifyEmailChange });

export function useVerifyEmailChange() {
  return useMutation(verifyEmailChangeMutationOptions());
}
