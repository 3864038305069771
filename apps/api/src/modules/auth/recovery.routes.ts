import type { FastifyInstance } from 'fastify';
import { authEndpoints, RECOVERY_MESSAGES } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { RecoveryService } from './recovery.service';

/** Setting a new password from an e-mailed link (docs/product/accounts.md, Password recovery). */
export async function recoveryRoutes(app: FastifyInstance, { recoveryService }: { recoveryService: RecoveryService }) {
  route(app, authEndpoints.forgotPassword, async (request) => {
    await recoveryService.requestLink(request.body.email, request.ip);
    return { message: RECOVERY_MESSAGES.linkSent };
  });

  route(app, authEndpoints.checkResetLink, async (request) => {
    await recoveryService.checkLink(request.params.linkhash);
    return { message: RECOVERY_MESSAGES.linkValid };
  });

  route(app, authEndpoints.resetPassword, async (request) => {
    await recoveryService.resetPassword(request.params.linkhash, request.body.password);
    return { message: RECOVERY_MESSAGES.passwordReset };
  });
}
