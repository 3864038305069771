import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSessionResponseSchema, errorResponseSchema } from '@portal/contract';
import { requirePrincipal } from '../../plugins/auth';
import type { AccountService } from './account.service';

/** The account endpoints live under /customer/ but serve both roles: /admin/my-account uses them too. */
export const accountRoutes: FastifyPluginAsyncZod<{ accountService: AccountService }> = async (
  app,
  { accountService },
) => {
  app.get(
    '/customer/current-session',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'The device and place of the session making this request',
        security: [{ bearerAuth: [] }],
        response: { 200: currentSessionResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => accountService.currentSession(requirePrincipal(request)),
  );
};
