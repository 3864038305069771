import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ADVERTISER_HEADER,
  ADVERTISER_MESSAGES,
  advertiserHeaderSchema,
  AUTH_MESSAGES,
  isAdminRole,
  roleAllows,
  type Access,
} from '@portal/contract';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { AdvertiserContext, Principal } from '../lib/principal';

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

/** A customer's membership as the access hook needs it. */
export interface MembershipCheck extends AdvertiserContext {
  suspended: boolean;
}

export interface AuthPluginOptions {
  /** The principal of a bearer token, or undefined for an unknown, expired or revoked one. */
  authenticate(token: string): Promise<Principal | undefined>;
  /**
   * The user's membership of the advertiser account `advertiserId`, or of their first account when
   * none is named; undefined when they are not a member (or belong to no account).
   */
  membership(userId: number, advertiserId: number | undefined): Promise<MembershipCheck | undefined>;
}

/**
 * The account named by the request's header: undefined when there is none. One that is not an
 * id names no account of the caller's, and is refused like one (403).
 */
function requestedAdvertiser(request: FastifyRequest): number | undefined {
  const header = request.headers[ADVERTISER_HEADER];
  if (header === undefined || header === '') return undefined;
  const parsed = advertiserHeaderSchema.safeParse(header);
  if (!parsed.success) throw forbidden(ADVERTISER_MESSAGES.headerInvalid);
  return parsed.data;
}

/**
 * Finds the advertiser account a customer's request acts on and checks the customer's role
 * there against what the endpoint needs (decision 027). Read on every request, never cached,
 * so that a removed member or a suspended account is refused at once in every process.
 */
async function checkAdvertiser(request: FastifyRequest, principal: Principal, options: AuthPluginOptions) {
  const requested = requestedAdvertiser(request);
  const permission = request.routeOptions.config.endpoint?.permission;
  const membership = await options.membership(principal.userId, requested);
  if (requested !== undefined && !membership) throw forbidden(ADVERTISER_MESSAGES.notMember);
  if (membership) principal.advertiser = { id: membership.id, role: membership.role, timeZone: membership.timeZone };
  if (!permission) return;
  if (!membership) throw forbidden(ADVERTISER_MESSAGES.noAccount);
  if (membership.suspended) throw forbidden(ADVERTISER_MESSAGES.suspended);
  if (!roleAllows(membership.role, permission)) throw forbidden(ADVERTISER_MESSAGES.roleForbidden(permission));
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
    if (!isAdminRole(principal.roleId)) await checkAdvertiser(request, principal, options);
    request.principal = principal;
  });
}

export default fp(authPlugin, { name: 'auth' });
