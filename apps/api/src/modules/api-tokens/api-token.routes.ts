import type { FastifyInstance } from 'fastify';
import { API_TOKEN_MESSAGES, apiTokenEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { ApiTokenService } from './api-token.service';

/** Personal API tokens on My account (docs/product/accounts.md, API tokens). */
export async function apiTokenRoutes(app: FastifyInstance, { apiTokenService }: { apiTokenService: ApiTokenService }) {
  route(app, apiTokenEndpoints.listApiTokens, async (request) => ({
    data: await apiTokenService.list(request.principal),
  }));

  route(app, apiTokenEndpoints.createApiToken, async (request, reply) => {
    reply.code(201);
    return { message: API_TOKEN_MESSAGES.created, ...(await apiTokenService.create(request.principal, request.body)) };
  });

  route(app, apiTokenEndpoints.revokeApiToken, async (request) => {
    await apiTokenService.revoke(request.principal, request.params.id);
    return { message: API_TOKEN_MESSAGES.revoked };
  });
}
