import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ADVERTISER_HEADER,
  ADVERTISER_MESSAGES,
  advertiserHeaderSchema,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  apiTokenScopeAllows,
  AUTH_MESSAGES,
  isAdminRole,
  roleAllows,
  type Access,
} from '@portal/contract';
import type { LimitState } from '../adapters/rate-limit/rate-limiter';
import { forbidden, tooManyRequests, unauthorized } from '../lib/http-errors';
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
  /** Personal API tokens (decision 035): those whose bearer starts with `API_TOKEN_PREFIX`. */
  apiTokens: ApiTokenChecks;
}

/** How the hook checks a personal API token. */
interface ApiTokenChecks {
  /** The token's principal (with `apiToken` set), or the message of its refusal (401). */
  authenticate(token: string): Promise<Principal | { refused: string }>;
  /** Counts one request of the token against its own rate limit. */
  consume(tokenId: number): Promise<LimitState>;
}

/**
 * A personal API token's principal, once its endpoint takes tokens of its scope and its own
 * rate limit lets it through. An endpoint whose definition names no `apiToken` scope refuses
 * every token (docs/product/accounts.md, API tokens).
 */
async function apiTokenPrincipal(request: FastifyRequest, token: string, checks: ApiTokenChecks): Promise<Principal> {
  const found = await checks.authenticate(token);
  if ('refused' in found) throw unauthorized(found.refused);
  const needed = request.routeOptions.config.endpoint?.apiToken;
  if (!needed) throw forbidden(API_TOKEN_MESSAGES.notAllowed);
  if (!apiTokenScopeAllows(found.apiToken!.scope, needed)) throw forbidden(API_TOKEN_MESSAGES.scopeTooNarrow);
  const limit = await checks.consume(found.apiToken!.id);
  if (!limit.allowed) throw tooManyRequests(API_TOKEN_MESSAGES.tooManyRequests, limit.retryAfterSeconds);
  return found;
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
  // A program's token of a suspended account is dead, not merely refused this page.
  if (membership.suspended && principal.apiToken) throw unauthorized(API_TOKEN_MESSAGES.accountSuspended);
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
    const principal = token?.startsWith(API_TOKEN_PREFIX)
      ? await apiTokenPrincipal(request, token, options.apiTokens)
      : token
        ? await options.authenticate(token)
        : undefined;
    if (!principal) throw unauthorized(AUTH_MESSAGES.unauthenticated);
    if (access === 'admin' && !isAdminRole(principal.roleId)) throw forbidden(AUTH_MESSAGES.forbidden);
    if (access === 'customer' && isAdminRole(principal.roleId)) throw forbidden(AUTH_MESSAGES.forbidden);
    if (!isAdminRole(principal.roleId)) await checkAdvertiser(request, principal, options);
    request.principal = principal;
  });
}

export default fp(authPlugin, { name: 'auth' });
