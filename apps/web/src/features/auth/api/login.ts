import { loginResponseSchema, type LoginResponse, type LoginValues } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/login: answers the session, or 401/403/422/429 with a message. */
export function login(values: LoginValues): Promise<LoginResponse> {
  return apiClient.post('/login', values, { schema: loginResponseSchema });
}

export const loginMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login });

export function useLogin() {
  return useMutation(loginMutationOptions());
}
