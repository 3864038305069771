import type { FastifyInstance } from 'fastify';
import { TWO_FACTOR_MESSAGES, twoFactorEndpoints } from '@portal/contract';
import type { GeoIpLookup } from '../../adapters/geoip/geoip';
import { describeClient } from '../../lib/client-info';
import { route } from '../../lib/endpoint-route';
import type { TwoFactorService } from './two-factor.service';

export interface TwoFactorRoutesOptions {
  twoFactorService: TwoFactorService;
  geoip: GeoIpLookup;
}

/** Two-factor sign-in: the second step of a login, and My account's settings of it. */
export async function twoFactorRoutes(app: FastifyInstance, { twoFactorService, geoip }: TwoFactorRoutesOptions) {
  route(app, twoFactorEndpoints.verifySignIn, async (request) =>
    twoFactorService.verifySignIn(request.body, describeClient(request.headers['user-agent'], request.ip, geoip)),
  );

  route(app, twoFactorEndpoints.startSignInEnrolment, async (request) => ({
    message: TWO_FACTOR_MESSAGES.enrolmentStarted,
    data: await twoFactorService.startSignInEnrolment(request.body.challenge_token, request.ip),
  }));

  route(app, twoFactorEndpoints.confirmSignInEnrolment, async (request) =>
    twoFactorService.confirmSignInEnrolment(
      request.body,
      describeClient(request.headers['user-agent'], request.ip, geoip),
    ),
  );

  route(app, twoFactorEndpoints.getTwoFactor, async (request) => ({
    data: await twoFactorService.status(request.principal),
  }));

  route(app, twoFactorEndpoints.startTwoFactorEnrolment, async (request) => ({
    message: TWO_FACTOR_MESSAGES.enrolmentStarted,
    data: await twoFactorService.startEnrolment(request.principal),
  }));

  route(app, twoFactorEndpoints.confirmTwoFactorEnrolment, async (request) => ({
    message: TWO_FACTOR_MESSAGES.enabled,
    recovery_codes: await twoFactorService.confirmEnrolment(request.principal, request.body.code, request.ip),
  }));

  route(app, twoFactorEndpoints.regenerateRecoveryCodes, async (request) => ({
    message: TWO_FACTOR_MESSAGES.recoveryCodesRegenerated,
    recovery_codes: await twoFactorService.regenerateRecoveryCodes(request.principal, request.body.code, request.ip),
  }));

  route(app, twoFactorEndpoints.disableTwoFactor, async (request) => {
    await twoFactorService.disable(request.principal, request.body, request.ip);
    return { message: TWO_FACTOR_MESSAGES.disabled };
  });
}
