import { messageResponseSchema, type MessageResponse } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/customer/email-change-request: mails a code to the new address; 409 taken, 422 unchanged. */
export function requestEmailChange(newEmail: string): Promise<MessageResponse> {
  return apiClient.post('/customer/email-change-request', { new_email: newEmail }, { schema: messageResponseSchema });
}

export const requestEmailChangeMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'email-change-request'], mutationFn: requestEmailChange });

export function useRequestEmailChange() {
  return useMutation(requestEmailChangeMutationOptions());
}
