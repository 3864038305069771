import type { FastifyInstance } from 'fastify';
import { advertiserEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { AdvertiserService } from './advertiser.service';

/** Advertiser accounts, members and invitations (docs/product/teams.md). */
export async function advertiserRoutes(
  app: FastifyInstance,
  { advertiserService }: { advertiserService: AdvertiserService },
) {
  route(app, advertiserEndpoints.listMemberships, async (request) => ({
    data: await advertiserService.memberships(request.principal.userId),
  }));
}
