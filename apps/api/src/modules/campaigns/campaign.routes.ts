import type { FastifyInstance } from 'fastify';
import { AD_MESSAGES, CAMPAIGN_MESSAGES, campaignEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { CampaignService } from './campaign.service';

/** The customer's campaigns: the wizard, the lists and their actions (docs/product/campaigns.md). */
export async function campaignRoutes(app: FastifyInstance, { campaignService }: { campaignService: CampaignService }) {
  route(app, campaignEndpoints.saveCampaignDetails, async (request) => ({
    message: CAMPAIGN_MESSAGES.detailsSaved,
    data: await campaignService.saveDetails(request.principal, request.body),
  }));

  route(app, campaignEndpoints.getCampaignDraft, async (request) => ({
    data: await campaignService.draft(request.principal),
  }));

  route(app, campaignEndpoints.deleteCampaignDraft, async (request) => {
    await campaignService.deleteDraft(request.principal, request.params.id);
    return { message: CAMPAIGN_MESSAGES.draftDeleted };
  });

  route(app, campaignEndpoints.saveAdTemplate, async (request) => ({
    message: AD_MESSAGES.saved,
    data: await campaignService.saveAdTemplate(request.principal, request.body),
  }));

  route(app, campaignEndpoints.publishCampaign, async (request) => ({
    message: CAMPAIGN_MESSAGES.published,
    data: await campaignService.publish(request.principal, request.body),
  }));

  const tabs = [
    [campaignEndpoints.listActiveCampaigns, 'active'],
    [campaignEndpoints.listPendingCampaigns, 'pending'],
    [campaignEndpoints.listArchivedCampaigns, 'archived'],
  ] as const;
  for (const [endpoint, tab] of tabs) {
    route(app, endpoint, async (request) => campaignService.list(request.principal, tab, request.query));
  }

  route(app, campaignEndpoints.updateCampaign, async (request) => ({
    message: CAMPAIGN_MESSAGES.updated,
    data: await campaignService.update(request.principal, request.params.id, request.body),
  }));

  route(app, campaignEndpoints.resubmitCampaign, async (request) => ({
    message: CAMPAIGN_MESSAGES.resubmitted,
    data: await campaignService.resubmit(request.principal, request.params.id),
  }));

  route(app, campaignEndpoints.duplicateCampaigns, async (request) => {
    await campaignService.duplicate(request.principal, request.body.campaign_ids);
    return { message: CAMPAIGN_MESSAGES.duplicated };
  });

  route(app, campaignEndpoints.restoreCampaign, async (request) => {
    const { campaign, sentToReview } = await campaignService.restore(request.principal, request.params.id);
    return { message: sentToReview ? CAMPAIGN_MESSAGES.restoredForReview : CAMPAIGN_MESSAGES.restored, data: campaign };
  });

  route(app, campaignEndpoints.deleteCampaigns, async (request) => {
    await campaignService.archiveOrDelete(request.principal, request.body.campaign_ids);
    return { message: CAMPAIGN_MESSAGES.deleted };
  });
}
