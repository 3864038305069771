import type { FastifyInstance } from 'fastify';
import { DECLINE_REASON_MESSAGES, REVIEW_MESSAGES, reviewEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { ReviewService } from './review.service';
import type { DeclineReasonService } from './decline-reason.service';

/** The review queue, the decline reasons and the users' list, for administrators (docs/product/review.md). */
export async function reviewRoutes(
  app: FastifyInstance,
  { reviewService, declineReasonService }: { reviewService: ReviewService; declineReasonService: DeclineReasonService },
) {
  route(app, reviewEndpoints.listCampaignRequests, async (request) =>
    reviewService.listRequests(request.query.listing_type, request.query),
  );

  route(app, reviewEndpoints.latestApprovedCampaigns, async () => ({ data: await reviewService.latestApproved() }));

  route(app, reviewEndpoints.getAdminCampaign, async (request) => ({
    data: await reviewService.campaign(request.params.id),
  }));

  route(app, reviewEndpoints.decideCampaign, async (request) => {
    const data = await reviewService.decide(request.principal, request.params.id, request.body);
    return { message: data.approval_status === 'approved' ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.declined, data };
  });

  route(app, reviewEndpoints.listUsers, async (request) => reviewService.listUsers(request.query));

  route(app, reviewEndpoints.getAdminUser, async (request) => ({ data: await reviewService.user(request.params.id) }));

  route(app, reviewEndpoints.toggleUserStatus, async (request) => {
    const data = await reviewService.toggleStatus(request.principal, request.params.id);
    return { message: REVIEW_MESSAGES.userStatusUpdated, data };
  });

  route(app, reviewEndpoints.listDeclineReasons, async () => ({ data: await declineReasonService.list() }));
  route(app, reviewEndpoints.createDeclineReason, async (request, reply) => {
    const data = await declineReasonService.create(request.principal, request.body);
    reply.code(201);
    return { message: DECLINE_REASON_MESSAGES.created, data };
  });
  route(app, reviewEndpoints.updateDeclineReason, async (request) => ({
    message: DECLINE_REASON_MESSAGES.updated,
    data: await declineReasonService.update(request.principal, request.params.code, request.body),
  }));
  route(app, reviewEndpoints.declineCounts, async () => declineReasonService.counts());
}
