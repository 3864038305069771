import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES, isAdminRole, type Access } from '@portal/contract';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { Principal } from '../lib/principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route (the contract's `Access`); routes made from an endpoint definition
     * get it from there. A route that states none is treated as 'user', so forgetting it can only
     * refuse access, never grant it.
     */
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export interface AuthPluginOptions {
  /** The principal of a bearer token, or undefined for an unknown, expired or revoked one. */
  authenticate(token: string): Promise<Principal | undefined>;
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  app.decorateRequest('principal', null);

  // onRequest runs before the body is read, so a refused caller costs no parsing.
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access ?? 'user';
    if (access === 'public') return;

    const token = bearerToken(request);
    const principal = token ? await options.authenticate(token) : undefined;
    if (!principal) throw unauthorized(AUTH_MESSAGES.unauthenticated);
    if (access === 'admin' && !isAdminRole(principal.roleId)) throw forbidden(AUTH_MESSAGES.forbidden);
    if (access === 'customer' && isAdminRole(principal.roleId)) throw forbidden(AUTH_MESSAGES.forbidden);
    request.principal = principal;
  });
}

export default fp(authPlugin, { name: 'auth' });
