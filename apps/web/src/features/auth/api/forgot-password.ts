import { messageResponseSchema, type MessageResponse } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/forgot-password: the same answer whether or not the address is registered. */
export function forgotPassword(email: string): Promise<MessageResponse> {
  return apiClient.post('/forgot-password', { email }, { schema: messageResponseSchema });
}

export const forgotPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword });

export function useForgotPassword() {
  return useMutation(forgotPasswordMutationOptions());
}
