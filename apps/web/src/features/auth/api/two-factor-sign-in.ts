import { twoFactorEndpoints, type EndpointBody } from '@portal/contract';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/login/two-factor: the second step of a login, with the challenge the password
 * answered. 401 for a wrong code; 403 when the challenge is over (the fifth wrong code, expired).
 */
export function useVerifySignIn() {
  return useMutation(
    mutationOptions({
      mutationKey: ['auth', 'two-factor'],
      mutationFn: (body: EndpointBody<typeof twoFactorEndpoints.verifySignIn>) =>
        callApi(twoFactorEndpoints.verifySignIn, { body }),
    }),
  );
}

/** POST /api/login/two-factor/enrolment: an administrator who must have two-factor sign-in gets a secret. */
export function useStartSignInEnrolment() {
  return useMutation(
    mutationOptions({
      mutationKey: ['auth', 'two-factor-enrolment'],
      mutationFn: (challengeToken: string) =>
        callApi(twoFactorEndpoints.startSignInEnrolment, { body: { challenge_token: challengeToken } }),
    }),
  );
}

/** POST /api/login/two-factor/enrolment/confirm: the first code turns it on and answers the session and the recovery codes. */
export function useConfirmSignInEnrolment() {
  return useMutation(
    mutationOptions({
      mutationKey: ['auth', 'two-factor-enrolment-confirm'],
      mutationFn: (body: EndpointBody<typeof twoFactorEndpoints.confirmSignInEnrolment>) =>
        callApi(twoFactorEndpoints.confirmSignInEnrolment, { body }),
    }),
  );
}
