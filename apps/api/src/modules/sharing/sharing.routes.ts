import type { FastifyInstance, FastifyReply } from 'fastify';
import { SHARED_LINK_TEXTS, sharingEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { SharingService } from './shared-link.service';

/**
 * A public page's answer is nobody else's: not stored by caches, not indexed, and no referrer
 * sent on from it (the token is in the page's address; decision 034).
 */
const privateAnswer = (reply: FastifyReply) =>
  reply
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer');

/** Shared links (docs/product/campaigns.md, Preview share links; docs/product/insights.md, Report links). */
export async function sharingRoutes(app: FastifyInstance, { sharingService }: { sharingService: SharingService }) {
  route(app, sharingEndpoints.createSharedLink, async (request, reply) => {
    reply.code(201);
    return { data: await sharingService.create(request.principal, request.body) };
  });
  route(app, sharingEndpoints.listSharedLinks, async (request) => ({
    data: await sharingService.list(request.principal),
  }));
  route(app, sharingEndpoints.revokeSharedLink, async (request) => {
    await sharingService.revoke(request.principal, request.params.id);
    return { message: SHARED_LINK_TEXTS.revoked };
  });

  route(app, sharingEndpoints.sharedPreview, async (request, reply) => {
    privateAnswer(reply);
    return { data: await sharingService.preview(request.params.token, request.ip) };
  });
  route(app, sharingEndpoints.sharedReport, async (request, reply) => {
    privateAnswer(reply);
    return { data: await sharingService.report(request.params.token, request.ip) };
  });
}
