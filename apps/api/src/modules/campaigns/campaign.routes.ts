import type { FastifyInstance } from 'fastify';
import { AD_MESSAGES, CAMPAIGN_MESSAGES, campaignEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import { requirePrincipal } from '../../plugins/auth';
import type { CampaignService } from './campaign.service';

/** The new-campaign wizard's draft (docs/product/campaigns.md, New-campaign wizard and Drafts). */
export async function campaignRoutes(app: FastifyInstance, { campaignService }: { campaignService: CampaignService }) {
  route(app, campaignEndpoints.saveCampaignDetails, async (request) => ({
    message: CAMPAIGN_MESSAGES.detailsSaved,
    data: await campaignService.saveDetails(requirePrincipal(request), request.body),
  }));

  route(app, campaignEndpoints.getCampaignDraft, async (request) => ({
    data: await campaignService.draft(requirePrincipal(request)),
  }));

  route(app, campaignEndpoints.deleteCampaignDraft, async (request) => {
    await campaignService.deleteDraft(requirePrincipal(request), request.params.id);
    return { message: CAMPAIGN_MESSAGES.draftDeleted };
  });

  route(app, campaignEndpoints.saveAdTemplate, async (request) => ({
    message: AD_MESSAGES.saved,
    data: await campaignService.saveAdTemplate(requirePrincipal(request), request.body),
  }));
}
