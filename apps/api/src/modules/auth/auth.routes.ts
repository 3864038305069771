import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  errorResponseSchema,
  incompleteRegistrationResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
} from '@portal/contract';
import type { GeoIpLookup } from '../../adapters/geoip/geoip';
import { describeClient } from '../../lib/client-info';
import { requirePrincipal } from '../../plugins/auth';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ authService: AuthService; geoip: GeoIpLookup }> = async (
  app,
  { authService, geoip },
) => {
  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        description:
          'Starts a session: 12 hours, or 30 days with `remember`. Limited to 10 failed attempts per account in 15 minutes and 50 requests per address a minute.',
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          401: errorResponseSchema,
          403: incompleteRegistrationResponseSchema.or(errorResponseSchema),
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const client = describeClient(request.headers['user-agent'], request.ip, geoip);
      return authService.login(request.body, client);
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
        response: { 200: messageResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await authService.logout(requirePrincipal(request));
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );
};
