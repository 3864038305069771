import { messageResponseSchema, type MessageResponse, type ResetPasswordRequest } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/reset-password/{linkhash}: sets the new password; 422 for a dead link or invalid fields. */
export function resetPassword({
  linkhash,
  ...values
}: ResetPasswordRequest & { linkhash: string }): Promise<MessageResponse> {
  return apiClient.post(`/reset-password/${encodeURIComponent(linkhash)}`, values, { schema: messageResponseSchema });
}

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions());
}
