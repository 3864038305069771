import { signupEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/register: creates the account and mails the first code. The answer also sets the
 * httpOnly sign-up cookie the next steps need (same-origin fetch sends it back by default).
 * 403 answers an existing account (incomplete: resume; complete: "Already Registered"), 409 an
 * unfinished one whose password did not match, 422 invalid fields.
 */
function register(values: EndpointBody<typeof signupEndpoints.register>) {
  return callApi(signupEndpoints.register, { body: values });
}

const registerMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'register'], mutationFn: register });

export function useRegister() {
  return useMutation(registerMutationOptions());
}
