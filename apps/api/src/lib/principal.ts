import type { FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  type Access,
  type AdvertiserRole,
  type ApiTokenScope,
  type EndpointDefinition,
} from '@portal/contract';
import type { Session } from '../db/schema';
import { unauthorized } from './http-errors';

/** Who is calling, as the access hook (plugins/auth.ts) found them from the bearer token. */
export interface Principal {
  /** The session's id; for a personal API token `api-token:<id>`, which names no session. */
  sessionId: string;
  userId: number;
  roleId: number;
  /**
   * The session's row as the check found it, so a request about the session needs no second
   * query; null for a personal API token (no endpoint about the session takes one).
   */
  session: Session | null;
  /** Set when the request came with a personal API token (docs/product/accounts.md, API tokens). */
  apiToken?: { id: number; scope: ApiTokenScope };
  /**
   * A customer's advertiser account this request acts on (the one its header names, or the
   * customer's first), with the customer's role in it, as the access hook found it. None for
   * administrators and for a customer who belongs to no account.
   */
  advertiser?: AdvertiserContext;
}

/** An advertiser account and the caller's role in it (docs/product/teams.md). */
export interface AdvertiserContext {
  id: number;
  role: AdvertiserRole;
  /** The account's time zone, whose calendar days its flight dates are (docs/product/campaigns.md). */
  timeZone: string;
}

declare const checkedRole: unique symbol;
/** A principal the access hook let through a `customer` route: never an administrator. */
export type CustomerPrincipal = Principal & { readonly [checkedRole]: 'customer' };
/** A principal the access hook let through an `admin` route. */
export type AdminPrincipal = Principal & { readonly [checkedRole]: 'admin' };

/** A customer whose role in the request's advertiser account allows what the route needs. */
export type AdvertiserPrincipal = CustomerPrincipal & { advertiser: AdvertiserContext };

/** The principal a route's access rule guarantees: none on a public route (the hook looks for none there). */
export type PrincipalOf<A extends Access> = A extends 'customer'
  ? CustomerPrincipal
  : A extends 'admin'
    ? AdminPrincipal
    : A extends 'user'
      ? Principal
      : null;

/** The principal an endpoint's access rule and permission guarantee. */
export type PrincipalFor<E extends EndpointDefinition> = E extends { access: 'customer'; permission: string }
  ? AdvertiserPrincipal
  : PrincipalOf<E['access']>;

/** The principal of a request the access hook let through to a signed-in route. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(AUTH_MESSAGES.unauthenticated);
  return request.principal;
}
