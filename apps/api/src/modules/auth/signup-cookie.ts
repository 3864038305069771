import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNUP_SESSION_LIFETIME_MS } from './auth.service';

/**
 * The sign-up cookie (docs/decisions/007-signup-cookie.md): httpOnly so scripts cannot read it, same-site strict so
 * other sites cannot send it, and scoped to the API.
 */
const SIGNUP_COOKIE = 'portal_signup';

export function setSignupCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SIGNUP_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api',
    maxAge: SIGNUP_SESSION_LIFETIME_MS / 1000,
  });
}

export function clearSignupCookie(reply: FastifyReply): void {
  reply.clearCookie(SIGNUP_COOKIE, { path: '/api' });
}

export const readSignupCookie = (request: FastifyRequest): string | undefined => request.cookies[SIGNUP_COOKIE];
