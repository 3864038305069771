import { z } from 'zod';
import { messageResponseSchema } from '../common/common.schemas';
import { defineEndpoints } from '../common/endpoint';
import {
  CAMPAIGN_MESSAGES,
  campaignDetailsRequestSchema,
  campaignDraftResponseSchema,
  campaignResponseSchema,
} from './campaign.schemas';
import { adTemplateRequestSchema, adTemplateResponseSchema } from './ad-template.schemas';

/** A campaign id in a path: digits only, so anything else is simply not found. */
const campaignIdParams = z.object({
  id: z.coerce
    .number({ error: CAMPAIGN_MESSAGES.draftNotFound })
    .int()
    .positive({ error: CAMPAIGN_MESSAGES.draftNotFound }),
});

/** The new-campaign wizard (docs/product/campaigns.md, New-campaign wizard and Drafts). */
export const campaignEndpoints = defineEndpoints({
  saveCampaignDetails: {
    method: 'POST',
    path: '/customer/create-campaign-details',
    access: 'customer',
    tag: 'campaigns',
    summary: "Save step 1 of the wizard: creates the customer's draft, or updates it",
    description: 'A customer has at most one draft; saving step 1 again updates it. The answer is the draft campaign.',
    body: campaignDetailsRequestSchema,
    response: campaignResponseSchema,
    errors: [401, 403, 422],
  },
  getCampaignDraft: {
    method: 'GET',
    path: '/customer/campaign-draft',
    access: 'customer',
    tag: 'campaigns',
    summary: "The customer's draft, so the wizard reopens it after a reload",
    response: campaignDraftResponseSchema,
    errors: [401, 403],
  },
  deleteCampaignDraft: {
    method: 'DELETE',
    path: '/customer/campaign-draft/:id',
    access: 'customer',
    tag: 'campaigns',
    summary: "Cancel the wizard: delete the customer's draft",
    description: "An id that is not the caller's draft answers 404, whoever owns it.",
    params: campaignIdParams,
    response: messageResponseSchema,
    errors: [401, 403, 404, 422],
  },
  saveAdTemplate: {
    method: 'POST',
    path: '/customer/create-ad-template',
    access: 'customer',
    tag: 'campaigns',
    summary: "Save step 2 of the wizard: the draft's ad and its files, in order",
    description:
      'Every file must have been issued to the caller and uploaded; its size and first bytes must be what was declared, or it is deleted and the ad refused. The list given replaces the files of the ad, so a campaign never holds more than 20.',
    body: adTemplateRequestSchema,
    response: adTemplateResponseSchema,
    errors: [401, 403, 404, 422],
  },
});
