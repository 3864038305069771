import { messageResponseSchema } from '../common/common.schemas';
import { defineEndpoints } from '../common/endpoint';
import { loginResponseSchema } from './auth.schemas';
import {
  challengeRequestSchema,
  confirmSignInEnrolmentRequestSchema,
  disableTwoFactorRequestSchema,
  enrolledLoginResponseSchema,
  recoveryCodesResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorEnrolmentResponseSchema,
  twoFactorStatusResponseSchema,
  verifySignInRequestSchema,
} from './two-factor.schemas';

/**
 * Two-factor sign-in (docs/product/accounts.md, Two-factor sign-in). The `/login/two-factor`
 * endpoints are the second step of a login and act only with its challenge token; the
 * `/customer/two-factor` ones are My account's, for any signed-in user.
 */
export const twoFactorEndpoints = defineEndpoints({
  verifySignIn: {
    method: 'POST',
    path: '/login/two-factor',
    access: 'public',
    tag: 'auth',
    summary: 'Finish a login with a code from the authenticator app or a recovery code',
    description:
      'Takes the `challenge_token` that `POST /login` answered and either `code` or `recovery_code`, and answers what a login answers. A wrong code answers 401; the fifth wrong code, an expired or used challenge, answer 403 and the password must be entered again. A code is accepted once.',
    body: verifySignInRequestSchema,
    response: loginResponseSchema,
    errors: [401, 403, 422, 429],
  },
  startSignInEnrolment: {
    method: 'POST',
    path: '/login/two-factor/enrolment',
    access: 'public',
    tag: 'auth',
    summary: 'Set up two-factor sign-in during a login that requires it',
    description:
      'For an administrator without two-factor sign-in when the portal requires it: the `challenge_token` of a login answered with `challenge: "enrolment"`. A new secret replaces one not yet confirmed.',
    body: challengeRequestSchema,
    response: twoFactorEnrolmentResponseSchema,
    errors: [403, 409, 422, 429],
  },
  confirmSignInEnrolment: {
    method: 'POST',
    path: '/login/two-factor/enrolment/confirm',
    access: 'public',
    tag: 'auth',
    summary: 'Turn two-factor sign-in on with a first code and finish the login',
    description:
      'Answers what a login answers, and the ten recovery codes. Wrong codes count against the challenge as in `POST /login/two-factor`.',
    body: confirmSignInEnrolmentRequestSchema,
    response: enrolledLoginResponseSchema,
    errors: [401, 403, 409, 422, 429],
  },
  getTwoFactor: {
    method: 'GET',
    path: '/customer/two-factor',
    access: 'user',
    tag: 'account',
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
    response: twoFactorStatusResponseSchema,
    errors: [401],
  },
  startTwoFactorEnrolment: {
    method: 'POST',
    path: '/customer/two-factor/enrolment',
    access: 'user',
    tag: 'account',
    summary: 'Start setting up two-factor sign-in: a new secret and its QR code',
    description: 'The secret waits for its first code (`confirmTwoFactorEnrolment`); a new start replaces it.',
    response: twoFactorEnrolmentResponseSchema,
    errors: [401, 409],
  },
  confirmTwoFactorEnrolment: {
    method: 'POST',
    path: '/customer/two-factor/enrolment/confirm',
    access: 'user',
    tag: 'account',
    summary: 'Turn two-factor sign-in on with a first code; answers the ten recovery codes',
    description: 'A wrong code answers 422 on `code` and counts against the login limits.',
    body: twoFactorCodeRequestSchema,
    response: recoveryCodesResponseSchema,
    errors: [401, 409, 422, 429],
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/customer/two-factor/recovery-codes',
    access: 'user',
    tag: 'account',
    summary: 'Replace the recovery codes with ten new ones, given a current code',
    body: twoFactorCodeRequestSchema,
    response: recoveryCodesResponseSchema,
    errors: [401, 409, 422, 429],
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/customer/two-factor/disable',
    access: 'user',
    tag: 'account',
    summary: 'Turn two-factor sign-in off, given the password and a current code or a recovery code',
    description: 'Refused (403) for an administrator while the portal requires two-factor sign-in of them.',
    body: disableTwoFactorRequestSchema,
    response: messageResponseSchema,
    errors: [401, 403, 409, 422, 429],
  },
});
