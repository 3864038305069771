import { authEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/login: answers the session, or 401/403/422/429 with a message. */
function login(values: EndpointBody<typeof authEndpoints.login>) {
  return callApi(authEndpoints.login, { body: values });
}

const loginMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login });

export function useLogin() {
  return useMutation(loginMutationOptions());
}
