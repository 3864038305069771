import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  alreadyRegisteredResponseSchema,
  AUTH_MESSAGES,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  incompleteRegistrationResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  newOtpRequestSchema,
  RECOVERY_MESSAGES,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  SIGNUP_MESSAGES,
  signupBillingRequestSchema,
  signupBillingResponseSchema,
  signupPersonalInfoRequestSchema,
  signupPersonalInfoResponseSchema,
  signupSessionResponseSchema,
  verifyOtpRequestSchema,
} from '@portal/contract';
import type { GeoIpLookup } from '../../adapters/geoip/geoip';
import { describeClient } from '../../lib/client-info';
import { clearSignupCookie, readSignupCookie, setSignupCookie } from '../../lib/signup-cookie';
import { requirePrincipal } from '../../plugins/auth';
import { acceptsFile } from '../../plugins/body-parsers';
import { errorResponses } from '../../plugins/errors';
import { AVATAR_MAX_BYTES } from '../account/avatar-store';
import type { AuthService } from './auth.service';
import type { RecoveryService } from './recovery.service';
import type { SignupService } from './signup.service';

export interface AuthRoutesOptions {
  authService: AuthService;
  signupService: SignupService;
  recoveryService: RecoveryService;
  geoip: GeoIpLookup;
  secureCookies: boolean;
}

/** An uploaded file as the multipart parser hands it over; an empty file input counts as none. */
export const optionalUpload = z
  .instanceof(Buffer, { error: ACCOUNT_MESSAGES.logoNotImage })
  .optional()
  .transform((file) => (file && file.length > 0 ? file : undefined))
  .meta({ type: 'string', format: 'binary' });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { authService, signupService, recoveryService, geoip, secureCookies } = options;
  const signupUserId = (request: Parameters<typeof readSignupCookie>[0]) =>
    authService.signupUserId(readSignupCookie(request));

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        description:
          'Starts a session: 12 hours, or 30 days with `remember`. Limited to 10 failed attempts per account in 15 minutes and 50 requests per address a minute. An unfinished sign-up answers 403 with `registration_status` and sets the sign-up cookie.',
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          403: incompleteRegistrationResponseSchema.or(errorResponseSchema),
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const client = describeClient(request.headers['user-agent'], request.ip, geoip);
      const outcome = await authService.login(request.body, client);
      if (outcome.kind === 'signed-in') return outcome.response;
      setSignupCookie(reply, outcome.signupToken, secureCookies);
      return reply.code(403).send(outcome.body);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        security: [{ bearerAuth: [] }],
        response: { 200: messageResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await authService.logout(requirePrincipal(request));
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['signup'],
        summary: 'Create an account and e-mail its activation code',
        description:
          'Sets the sign-up cookie the later steps need. An unfinished account with the same password answers 403 `incomplete` (resume); a finished one 403 `complete`. At most 20 requests per address an hour; a resume guesses a password, so it shares the login limits.',
        body: registerRequestSchema,
        response: {
          200: registerResponseSchema,
          403: incompleteRegistrationResponseSchema.or(alreadyRegisteredResponseSchema),
          ...errorResponses(409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const outcome = await signupService.register(request.body.email, request.body.password, request.ip);
      if (outcome.kind === 'complete') return reply.code(403).send(outcome.body);
      setSignupCookie(reply, outcome.signupToken, secureCookies);
      if (outcome.kind === 'incomplete') return reply.code(403).send(outcome.body);
      return { message: SIGNUP_MESSAGES.registered, user: outcome.user };
    },
  );

  app.get(
    '/signup-session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['signup'],
        summary: "Where this browser's unfinished sign-up stands (sign-up cookie)",
        description:
          'Lets a reload of the sign-up page resume at the right step. 404 when the browser has no live sign-up cookie or the account is already complete.',
        response: { 200: signupSessionResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const user = await signupService.current(await signupUserId(request));
      return { message: SIGNUP_MESSAGES.resume, user };
    },
  );

  app.post(
    '/verify-otp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['signup'],
        summary: 'Check the activation code (sign-up cookie required)',
        body: verifyOtpRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(403, 409, 422) },
      },
    },
    async (request) => {
      await signupService.verifyEmail(await signupUserId(request), request.body.user_id, request.body.otp);
      return { message: SIGNUP_MESSAGES.codeVerified };
    },
  );

  app.post(
    '/new-otp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['signup'],
        summary: 'Send a new activation code, at most once a minute (sign-up cookie required)',
        body: newOtpRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(403, 409, 422, 429) },
      },
    },
    async (request) => {
      await signupService.resendCode(await signupUserId(request), request.body.user_id);
      return { message: SIGNUP_MESSAGES.codeSent };
    },
  );

  app.post(
    '/update-personal-info',
    {
      config: { access: 'public', ...acceptsFile(AVATAR_MAX_BYTES) },
      schema: {
        tags: ['signup'],
        summary: 'Save first and last name, and an optional photo (sign-up cookie required)',
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        body: signupPersonalInfoRequestSchema.extend({ logo: optionalUpload }),
        response: { 200: signupPersonalInfoResponseSchema, ...errorResponses(403, 413, 422) },
      },
    },
    async (request) => {
      const { user_id, first_name, last_name, logo } = request.body;
      const user = await signupService.savePersonalInfo(
        await signupUserId(request),
        user_id,
        { first_name, last_name },
        logo,
      );
      return { message: SIGNUP_MESSAGES.personalInfoSaved, user };
    },
  );

  app.post(
    '/update-billing-details',
    {
      config: { access: 'public' },
      schema: {
        tags: ['signup'],
        summary: 'Save billing details, finish sign-up and sign in (sign-up cookie required)',
        body: signupBillingRequestSchema,
        response: { 200: signupBillingResponseSchema, ...errorResponses(403, 422) },
      },
    },
    async (request, reply) => {
      const { user_id, ...billing } = request.body;
      const client = describeClient(request.headers['user-agent'], request.ip, geoip);
      const answer = await signupService.saveBilling(await signupUserId(request), user_id, billing, client);
      clearSignupCookie(reply);
      return answer;
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a link to set a new password',
        description:
          'Answers the same, in the same time, whether or not the address has an account: the link is made and sent afterwards. At most 20 requests per address an hour.',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      await recoveryService.requestLink(request.body.email, request.ip);
      return { message: RECOVERY_MESSAGES.linkSent };
    },
  );

  const linkParams = z.object({
    linkhash: z
      .string()
      .min(1, { error: RECOVERY_MESSAGES.linkInvalid })
      .max(200, { error: RECOVERY_MESSAGES.linkInvalid }),
  });

  app.get(
    '/reset-password/:linkhash',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link can still be used',
        params: linkParams,
        response: { 200: messageResponseSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      await recoveryService.checkLink(request.params.linkhash);
      return { message: RECOVERY_MESSAGES.linkValid };
    },
  );

  app.post(
    '/reset-password/:linkhash',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an e-mailed link; every session of the user ends',
        params: linkParams,
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      await recoveryService.resetPassword(request.params.linkhash, request.body.password);
      return { message: RECOVERY_MESSAGES.passwordReset };
    },
  );
};
