import { authEndpoints } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/logout: revokes the bearer token the client sends. */
function logout() {
  return callApi(authEndpoints.logout);
}

const logoutMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'logout'], mutationFn: logout });

export function useLogout() {
  return useMutation(logoutMutationOptions());
}
