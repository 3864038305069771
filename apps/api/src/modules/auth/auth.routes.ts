import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, authEndpoints, SESSION_MESSAGES } from '@portal/contract';
import type { GeoIpLookup } from '../../adapters/geoip/geoip';
import { describeClient } from '../../lib/client-info';
import { route } from '../../lib/endpoint-route';
import { setSignupCookie } from './signup-cookie';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  authService: AuthService;
  geoip: GeoIpLookup;
  secureCookies: boolean;
}

/** Signing in and out. */
export async function authRoutes(app: FastifyInstance, { authService, geoip, secureCookies }: AuthRoutesOptions) {
  route(app, authEndpoints.login, async (request, reply) => {
    const client = describeClient(request.headers['user-agent'], request.ip, geoip);
    const outcome = await authService.login(request.body, client);
    // A session, or the challenge of the second step that leads to one.
    if (outcome.kind !== 'incomplete') return outcome.response;
    // An unfinished sign-up: the browser gets the cookie that lets it go on from its step.
    setSignupCookie(reply, outcome.signupToken, secureCookies);
    return reply.code(403).send(outcome.body);
  });

  route(app, authEndpoints.logout, async (request) => {
    await authService.logout(request.principal);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  route(app, authEndpoints.listSessions, async (request) => ({
    data: await authService.listSessions(request.principal),
  }));

  route(app, authEndpoints.revokeSession, async (request) => {
    await authService.revokeSession(request.principal, request.params.id);
    return { message: SESSION_MESSAGES.revoked, revoked: 1 };
  });

  route(app, authEndpoints.revokeOtherSessions, async (request) => ({
    message: SESSION_MESSAGES.othersRevoked,
    revoked: await authService.revokeOtherSessions(request.principal),
  }));
}
