import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type Access } from '@portal/contract';
import type { Session } from '../db/schema';
import { unauthorized } from './http-errors';

/** Who is calling, as the access hook (plugins/auth.ts) found them from the bearer token. */
export interface Principal {
  sessionId: string;
  userId: number;
  roleId: number;
  /** The session's row as the check found it, so a request about the session needs no second query. */
  session: Session;
}

declare const checkedRole: unique symbol;
/** A principal the access hook let through a `customer` route: never an administrator. */
export type CustomerPrincipal = Principal & { readonly [checkedRole]: 'customer' };
/** A principal the access hook let through an `admin` route. */
export type AdminPrincipal = Principal & { readonly [checkedRole]: 'admin' };

/** The principal a route's access rule guarantees: none on a public route (the hook looks for none there). */
export type PrincipalOf<A extends Access> = A extends 'customer'
  ? CustomerPrincipal
  : A extends 'admin'
    ? AdminPrincipal
    : A extends 'user'
      ? Principal
      : null;

/** The principal of a request the access hook let through to a signed-in route. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(AUTH_MESSAGES.unauthenticated);
  return request.principal;
}
