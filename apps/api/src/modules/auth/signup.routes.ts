import type { FastifyInstance } from 'fastify';
import { SIGNUP_MESSAGES, signupEndpoints } from '@portal/contract';
import type { GeoIpLookup } from '../../adapters/geoip/geoip';
import { describeClient } from '../../lib/client-info';
import { route } from '../../lib/endpoint-route';
import { clearSignupCookie, readSignupCookie, setSignupCookie } from './signup-cookie';
import type { AuthService } from './auth.service';
import type { SignupService } from './signup.service';

export interface SignupRoutesOptions {
  authService: AuthService;
  signupService: SignupService;
  geoip: GeoIpLookup;
  secureCookies: boolean;
}

/**
 * The sign-up steps (docs/product/accounts.md, Sign-up). Every step after `register` acts for
 * the user of the browser's sign-up cookie, whatever `user_id` the body names.
 */
export async function signupRoutes(app: FastifyInstance, options: SignupRoutesOptions) {
  const { authService, signupService, geoip, secureCookies } = options;
  const signupUserId = (request: Parameters<typeof readSignupCookie>[0]) =>
    authService.signupUserId(readSignupCookie(request));

  route(app, signupEndpoints.register, async (request, reply) => {
    const outcome = await signupService.register(request.body.email, request.body.password, request.ip);
    if (outcome.kind === 'complete') return reply.code(403).send(outcome.body);
    setSignupCookie(reply, outcome.signupToken, secureCookies);
    if (outcome.kind === 'incomplete') return reply.code(403).send(outcome.body);
    return { message: SIGNUP_MESSAGES.registered, user: outcome.user };
  });

  route(app, signupEndpoints.getSignupSession, async (request) => {
    const user = await signupService.current(await signupUserId(request));
    return { message: user ? SIGNUP_MESSAGES.resume : SIGNUP_MESSAGES.noSignupInProgress, user };
  });

  route(app, signupEndpoints.verifyOtp, async (request) => {
    await signupService.verifyEmail(await signupUserId(request), request.body.user_id, request.body.otp);
    return { message: SIGNUP_MESSAGES.codeVerified };
  });

  route(app, signupEndpoints.requestNewOtp, async (request) => {
    await signupService.resendCode(await signupUserId(request), request.body.user_id);
    return { message: SIGNUP_MESSAGES.codeSent };
  });

  route(app, signupEndpoints.savePersonalInfo, async (request) => {
    const { user_id, first_name, last_name, logo } = request.body;
    const user = await signupService.savePersonalInfo(
      await signupUserId(request),
      user_id,
      { first_name, last_name },
      logo,
    );
    return { message: SIGNUP_MESSAGES.personalInfoSaved, user };
  });

  route(app, signupEndpoints.saveBillingDetails, async (request, reply) => {
    const { user_id, time_zone, ...billing } = request.body;
    const client = describeClient(request.headers['user-agent'], request.ip, geoip);
    const answer = await signupService.saveBilling(await signupUserId(request), user_id, billing, client, time_zone);
    clearSignupCookie(reply);
    return answer;
  });
}
