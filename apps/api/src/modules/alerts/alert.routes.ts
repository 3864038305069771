import type { FastifyInstance } from 'fastify';
import { ALERT_MESSAGES, alertEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { AlertService } from './alert.service';

/** Which alerts each person also gets by e-mail (docs/product/accounts.md, My account). */
export async function alertRoutes(app: FastifyInstance, { alertService }: { alertService: AlertService }) {
  route(app, alertEndpoints.getAlertPreferences, async (request) => ({
    data: await alertService.preferences(request.principal),
  }));

  route(app, alertEndpoints.updateAlertPreference, async (request) => ({
    message: ALERT_MESSAGES.updated,
    data: await alertService.setEmail(request.principal, request.body.kind, request.body.email),
  }));
}
