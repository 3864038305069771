import type { FastifyInstance } from 'fastify';
import { ADVERTISER_MESSAGES, TIME_ZONE_MESSAGES, advertiserEndpoints } from '@portal/contract';
import type { GeoIpLookup } from '../../adapters/geoip/geoip';
import { describeClient } from '../../lib/client-info';
import { route } from '../../lib/endpoint-route';
import type { AdvertiserService } from './advertiser.service';
import type { TeamService } from './team.service';

export interface AdvertiserRoutesOptions {
  advertiserService: AdvertiserService;
  teamService: TeamService;
  geoip: GeoIpLookup;
}

/** Advertiser accounts, members and invitations (docs/product/teams.md). */
export async function advertiserRoutes(
  app: FastifyInstance,
  { advertiserService, teamService, geoip }: AdvertiserRoutesOptions,
) {
  const endpoints = advertiserEndpoints;
  route(app, endpoints.listMemberships, async (request) => ({
    data: await advertiserService.memberships(request.principal.userId),
  }));
  route(app, endpoints.getTeam, (request) => teamService.team(request.principal));
  route(app, endpoints.renameAdvertiser, async (request) => {
    await teamService.rename(request.principal, request.body.name);
    return { message: ADVERTISER_MESSAGES.renamed };
  });
  route(app, endpoints.setAdvertiserTimeZone, async (request) => {
    await teamService.setTimeZone(request.principal, request.body.time_zone);
    return { message: TIME_ZONE_MESSAGES.saved };
  });
  route(app, endpoints.inviteMember, async (request, reply) => {
    reply.code(201);
    return teamService.invite(request.principal, request.body.email, request.body.role);
  });
  route(app, endpoints.resendInvitation, (request) =>
    teamService.resend(request.principal, request.params.id, request.principal.advertiser.id),
  );
  route(app, endpoints.withdrawInvitation, async (request) => {
    await teamService.withdraw(request.principal, request.params.id, request.principal.advertiser.id);
    return { message: ADVERTISER_MESSAGES.withdrawn };
  });
  route(app, endpoints.changeMemberRole, async (request) => {
    await teamService.changeRole(request.principal, request.params.userId, request.body.role);
    return { message: ADVERTISER_MESSAGES.roleChanged };
  });
  route(app, endpoints.removeMember, async (request) => {
    await teamService.removeMember(request.principal, request.params.userId);
    return { message: ADVERTISER_MESSAGES.memberRemoved };
  });
  route(app, endpoints.leaveAdvertiser, async (request) => {
    await teamService.removeMember(request.principal, request.principal.userId);
    return { message: ADVERTISER_MESSAGES.left };
  });
  route(app, endpoints.getAdvertiserAudit, (request) => teamService.trail(request.principal, request.query.before));

  route(app, endpoints.previewInvitation, (request) => teamService.preview(request.body.token, request.ip));
  route(app, endpoints.acceptInvitation, async (request) => {
    const membership = await teamService.accept(request.principal, request.body.token);
    return { message: ADVERTISER_MESSAGES.joined(membership.name), membership };
  });
  route(app, endpoints.signUpWithInvitation, (request) =>
    teamService.signUp(request.body, describeClient(request.headers['user-agent'], request.ip, geoip)),
  );

  route(app, endpoints.listAdminInvitations, async () => ({ data: await teamService.adminInvitations() }));
  route(app, endpoints.inviteAdmin, async (request, reply) => {
    reply.code(201);
    const { role: _role, ...invitation } = await teamService.inviteAdmin(request.principal, request.body.email);
    return invitation;
  });
  route(app, endpoints.withdrawAdminInvitation, async (request) => {
    await teamService.withdraw(request.principal, request.params.id, null);
    return { message: ADVERTISER_MESSAGES.withdrawn };
  });
  route(app, endpoints.listUserAdvertisers, async (request) => ({
    data: await teamService.advertisersOfUser(request.params.id),
  }));
  route(app, endpoints.setAdvertiserTrusted, async (request) => {
    await teamService.setTrusted(request.principal, request.params.id, request.body.trusted);
    return { message: request.body.trusted ? ADVERTISER_MESSAGES.trustedNow : ADVERTISER_MESSAGES.untrusted };
  });
  route(app, endpoints.suspendAdvertiser, async (request) => {
    await teamService.setSuspended(request.principal, request.params.id, true);
    return { message: ADVERTISER_MESSAGES.suspendedNow };
  });
  route(app, endpoints.reinstateAdvertiser, async (request) => {
    await teamService.setSuspended(request.principal, request.params.id, false);
    return { message: ADVERTISER_MESSAGES.reinstated };
  });
}
