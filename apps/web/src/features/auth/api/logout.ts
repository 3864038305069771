import { messageResponseSchema, type MessageResponse } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/logout: revokes the bearer token the client sends. */
export function logout(): Promise<MessageResponse> {
  return apiClient.post('/logout', undefined, { schema: messageResponseSchema });
}

export const logoutMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'logout'], mutationFn: logout });

export function useLogout() {
  return useMutation(logoutMutationOptions());
}
