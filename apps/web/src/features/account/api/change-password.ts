import { messageResponseSchema, type ChangePasswordRequest, type MessageResponse } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/customer/change-password: 422 with errors.current_password when it is wrong. Success
 * revokes every session of the user, this one included.
 */
export function changePassword(values: ChangePasswordRequest): Promise<MessageResponse> {
  return apiClient.post('/customer/change-password', values, { schema: messageResponseSchema });
}

export const changePasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'change-password'], mutationFn: changePassword });

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
