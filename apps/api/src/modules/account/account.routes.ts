import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  changePasswordRequestSchema,
  currentSessionResponseSchema,
  emailChangeRequestSchema,
  messageResponseSchema,
  updateBillingInfoRequestSchema,
  updateBillingInfoResponseSchema,
  updatePersonalInfoRequestSchema,
  updatePersonalInfoResponseSchema,
  uploadLogoResponseSchema,
  verifyEmailChangeRequestSchema,
  verifyEmailChangeResponseSchema,
} from '@portal/contract';
import { requirePrincipal } from '../../plugins/auth';
import { acceptsFile } from '../../plugins/body-parsers';
import { errorResponses } from '../../plugins/errors';
import type { AccountService } from './account.service';
import { AVATAR_MAX_BYTES } from './avatar-store';

/**
 * My account. These live under /customer/ but serve both roles: /admin/my-account uses them
 * too, so they are open to any signed-in user and act only on that user.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ accountService: AccountService }> = async (
  app,
  { accountService },
) => {
  const signedIn = { config: { access: 'user' as const } };
  const security = [{ bearerAuth: [] }];

  app.get(
    '/customer/current-session',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'The device and place of the session making this request',
        security,
        response: { 200: currentSessionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => accountService.currentSession(requirePrincipal(request)),
  );

  app.post(
    '/customer/update-personal-info',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Change first and last name',
        security,
        body: updatePersonalInfoRequestSchema,
        response: { 200: updatePersonalInfoResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.nameUpdated,
      data: await accountService.updateNames(requirePrincipal(request), request.body),
    }),
  );

  app.post(
    '/customer/upload-logo',
    {
      config: { access: 'user', ...acceptsFile(AVATAR_MAX_BYTES) },
      schema: {
        tags: ['account'],
        summary: 'Change the profile picture (PNG, JPEG, WebP or GIF, at most 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        body: z.object({
          logo: z
            .instanceof(Buffer, { error: ACCOUNT_MESSAGES.logoRequired })
            .meta({ type: 'string', format: 'binary' }),
        }),
        response: { 200: uploadLogoResponseSchema, ...errorResponses(401, 413, 422) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.logoUpdated,
      logo: await accountService.updateLogo(requirePrincipal(request), request.body.logo),
    }),
  );

  app.post(
    '/customer/update-billing-info',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Change billing details',
        security,
        body: updateBillingInfoRequestSchema,
        response: { 200: updateBillingInfoResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.billingUpdated,
      billing_detail: await accountService.updateBilling(requirePrincipal(request), request.body),
    }),
  );

  app.post(
    '/customer/email-change-request',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Send a code to a new e-mail address',
        security,
        body: emailChangeRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 409, 422, 429) },
      },
    },
    async (request) => {
      await accountService.requestEmailChange(requirePrincipal(request), request.body.new_email);
      return { message: ACCOUNT_MESSAGES.emailCodeSent };
    },
  );

  app.post(
    '/customer/resend-otp/email-change-request',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Send a new code to the new e-mail address, at most once a minute',
        security,
        body: emailChangeRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 409, 422, 429) },
      },
    },
    async (request) => {
      await accountService.requestEmailChange(requirePrincipal(request), request.body.new_email);
      return { message: ACCOUNT_MESSAGES.emailCodeResent };
    },
  );

  app.post(
    '/customer/new-email-otp/verify',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Confirm the new e-mail address with its code; the old address is told',
        security,
        body: verifyEmailChangeRequestSchema,
        response: { 200: verifyEmailChangeResponseSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.emailChanged,
      new_email: await accountService.confirmEmailChange(
        requirePrincipal(request),
        request.body.new_email,
        request.body.otp,
      ),
    }),
  );

  app.post(
    '/customer/change-password',
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Change the password; every session of the user ends, this one included',
        description: 'The current password is checked under the same limits as a login.',
        security,
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      await accountService.changePassword(requirePrincipal(request), current_password, new_password, request.ip);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );
};
