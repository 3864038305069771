import { z } from 'zod';
import { errorResponseSchema, messageResponseSchema, textField } from '../common/common.schemas';
import { defineEndpoints } from '../common/endpoint';
import { incompleteRegistrationResponseSchema, loginRequestSchema } from './auth.schemas';
import { forgotPasswordRequestSchema, RECOVERY_MESSAGES, resetPasswordRequestSchema } from './recovery.schemas';
import { revokedSessionsResponseSchema, sessionIdParams, userSessionsResponseSchema } from './sessions.schemas';
import { loginAnswerSchema } from './two-factor.schemas';

const resetLinkParams = z.object({
  linkhash: textField(
    'The link',
    RECOVERY_MESSAGES.linkInvalid,
    z.string().min(1, { error: RECOVERY_MESSAGES.linkInvalid }).max(200, { error: RECOVERY_MESSAGES.linkInvalid }),
  ),
});

/** Signing in and out, and setting a new password from an e-mailed link. */
export const authEndpoints = defineEndpoints({
  login: {
    method: 'POST',
    path: '/login',
    access: 'public',
    tag: 'auth',
    summary: 'Log in with e-mail and password',
    description:
      'Starts a session: 12 hours, or 30 days with `remember`. For a user with two-factor sign-in on (or an administrator who must set it up) the answer holds no session but a sign-in challenge (`challenge`, `challenge_token`) for `POST /login/two-factor` (or the enrolment endpoints). Limited to 10 failed attempts per account in 15 minutes and 50 requests per address a minute. An unfinished sign-up answers 403 with `registration_status` and sets the sign-up cookie.',
    body: loginRequestSchema,
    response: loginAnswerSchema,
    otherResponses: { 403: incompleteRegistrationResponseSchema.or(errorResponseSchema) },
    errors: [401, 422, 429],
  },
  logout: {
    method: 'POST',
    path: '/logout',
    access: 'user',
    tag: 'auth',
    summary: 'End the current session',
    response: messageResponseSchema,
    errors: [401],
  },
  listSessions: {
    method: 'GET',
    path: '/customer/sessions',
    access: 'user',
    tag: 'auth',
    summary: "The user's sessions that stand, newest first, this one marked `current`",
    response: userSessionsResponseSchema,
    errors: [401],
  },
  revokeSession: {
    method: 'DELETE',
    path: '/customer/sessions/:id',
    access: 'user',
    tag: 'auth',
    summary: "Sign another of the user's sessions out, in every process at once",
    description: 'The current session is ended by `POST /logout` instead (409).',
    params: sessionIdParams,
    response: revokedSessionsResponseSchema,
    errors: [401, 404, 409, 422],
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/customer/sessions/revoke-others',
    access: 'user',
    tag: 'auth',
    summary: 'Sign every other session of the user out; this one stays',
    response: revokedSessionsResponseSchema,
    errors: [401],
  },
  forgotPassword: {
    method: 'POST',
    path: '/forgot-password',
    access: 'public',
    tag: 'auth',
    summary: 'E-mail a link to set a new password',
    description:
      'Answers the same, in the same time, whether or not the address has an account: the link is made and sent afterwards. At most 20 requests per address an hour.',
    body: forgotPasswordRequestSchema,
    response: messageResponseSchema,
    errors: [422, 429],
  },
  checkResetLink: {
    method: 'GET',
    path: '/reset-password/:linkhash',
    access: 'public',
    tag: 'auth',
    summary: 'Whether a reset link can still be used',
    params: resetLinkParams,
    response: messageResponseSchema,
    errors: [422],
  },
  resetPassword: {
    method: 'POST',
    path: '/reset-password/:linkhash',
    access: 'public',
    tag: 'auth',
    summary: 'Set a new password with an e-mailed link; every session of the user ends',
    params: resetLinkParams,
    body: resetPasswordRequestSchema,
    response: messageResponseSchema,
    errors: [422],
  },
});
