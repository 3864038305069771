import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, accountEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { AccountService } from './account.service';

/** My account: each endpoint acts only on the signed-in user, whatever the role. */
export async function accountRoutes(app: FastifyInstance, { accountService }: { accountService: AccountService }) {
  route(app, accountEndpoints.getCurrentSession, async (request) => accountService.currentSession(request.principal));

  route(app, accountEndpoints.updatePersonalInfo, async (request) => ({
    message: ACCOUNT_MESSAGES.nameUpdated,
    data: await accountService.updateNames(request.principal, request.body),
  }));

  route(app, accountEndpoints.uploadLogo, async (request) => ({
    message: ACCOUNT_MESSAGES.logoUpdated,
    logo: await accountService.updateLogo(request.principal, request.body.logo),
  }));

  route(app, accountEndpoints.updateBillingInfo, async (request) => ({
    message: ACCOUNT_MESSAGES.billingUpdated,
    billing_detail: await accountService.updateBilling(request.principal, request.body),
  }));

  route(app, accountEndpoints.requestEmailChange, async (request) => {
    await accountService.requestEmailChange(request.principal, request.body.new_email);
    return { message: ACCOUNT_MESSAGES.emailCodeSent };
  });

  route(app, accountEndpoints.resendEmailChangeCode, async (request) => {
    await accountService.requestEmailChange(request.principal, request.body.new_email);
    return { message: ACCOUNT_MESSAGES.emailCodeResent };
  });

  route(app, accountEndpoints.verifyEmailChange, async (request) => ({
    message: ACCOUNT_MESSAGES.emailChanged,
    new_email: await accountService.confirmEmailChange(request.principal, request.body.new_email, request.body.otp),
  }));

  route(app, accountEndpoints.changePassword, async (request) => {
    const { current_password, new_password } = request.body;
    await accountService.changePassword(request.principal, current_password, new_password, request.ip);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  });
}
