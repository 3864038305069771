import { messageResponseSchema } from '../common/common.schemas';
import { defineEndpoints, idParams } from '../common/endpoint';
import { listQuerySchema } from '../common/list.schemas';
import {
  campaignDetailResponseSchema,
  campaignDetailsRequestSchema,
  campaignDraftResponseSchema,
  campaignIdsRequestSchema,
  campaignListResponseSchema,
  campaignResponseSchema,
  campaignUpdateRequestSchema,
  duplicateCampaignsRequestSchema,
  publishCampaignRequestSchema,
} from './campaign.schemas';
import { adTemplateRequestSchema, adTemplateResponseSchema } from './ad-template.schemas';

const campaignIdParams = idParams('The campaign id, a whole number');

const listDescription = (shows: string) =>
  `${shows}, newest first, 10 a page by default. \`search\` matches part of the campaign name, ignoring case; % and _ match themselves.`;

/** The new-campaign wizard (docs/product/campaigns.md, New-campaign wizard and Drafts). */
export const campaignEndpoints = defineEndpoints({
  saveCampaignDetails: {
    method: 'POST',
    path: '/customer/create-campaign-details',
    access: 'customer',
    tag: 'campaigns',
    summary: "Save step 1 of the wizard: creates the customer's draft, or updates it",
    description:
      'A customer has at most one draft; saving step 1 again updates it. A new draft past the campaign quota answers 409. The answer is the draft campaign.',
    body: campaignDetailsRequestSchema,
    response: campaignResponseSchema,
    errors: [401, 403, 409, 422],
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
  publishCampaign: {
    method: 'POST',
    path: '/customer/publish-campaign',
    access: 'customer',
    tag: 'campaigns',
    summary: "Send the wizard's campaign for review (or a declined one again)",
    description:
      "The campaign must be the caller's draft or declined campaign, with its ad (`template_id`) and at least one file. It becomes pending and administrators are told.",
    body: publishCampaignRequestSchema,
    response: campaignDetailResponseSchema,
    errors: [401, 403, 404, 409, 422],
  },
  listActiveCampaigns: {
    method: 'GET',
    path: '/customer/my-active-campaigns',
    access: 'customer',
    tag: 'campaigns',
    summary: "The customer's approved campaigns that are not archived",
    description: listDescription('Approved campaigns, not archived'),
    query: listQuerySchema,
    response: campaignListResponseSchema,
    errors: [401, 403, 422],
  },
  listPendingCampaigns: {
    method: 'GET',
    path: '/customer/my-pending-campaigns',
    access: 'customer',
    tag: 'campaigns',
    summary: "The customer's campaigns awaiting review or declined, not archived",
    description: listDescription('Pending and declined campaigns, not archived'),
    query: listQuerySchema,
    response: campaignListResponseSchema,
    errors: [401, 403, 422],
  },
  listArchivedCampaigns: {
    method: 'GET',
    path: '/customer/my-archived-campaigns',
    access: 'customer',
    tag: 'campaigns',
    summary: "The customer's archived campaigns not deleted for good",
    description: listDescription('Archived campaigns'),
    query: listQuerySchema,
    response: campaignListResponseSchema,
    errors: [401, 403, 422],
  },
  updateCampaign: {
    method: 'POST',
    path: '/customer/my-campaigns/update/:id',
    access: 'customer',
    tag: 'campaigns',
    summary: 'Switch a campaign on or off, or change its name or destination URL',
    description:
      'Fields left out stay as they are; the objective is fixed. Changing the name or URL of an approved campaign sends it back to review. An archived campaign cannot be switched on (409), a draft is changed in the wizard (409).',
    params: campaignIdParams,
    body: campaignUpdateRequestSchema,
    response: campaignDetailResponseSchema,
    errors: [401, 403, 404, 409, 422],
  },
  resubmitCampaign: {
    method: 'POST',
    path: '/customer/my-campaigns/resubmit/:id',
    access: 'customer',
    tag: 'campaigns',
    summary: 'Send a declined campaign back for review',
    params: campaignIdParams,
    response: campaignDetailResponseSchema,
    errors: [401, 403, 404, 409, 422],
  },
  duplicateCampaigns: {
    method: 'POST',
    path: '/customer/my-campaigns/duplicate',
    access: 'customer',
    tag: 'campaigns',
    summary: 'Copy campaigns into new campaigns awaiting review; the copies share the stored files',
    description:
      "All or nothing: any id that is not one of the caller's campaigns answers 404 and nothing is copied. At most 10 campaigns a request (422); copies past the campaign quota answer 409.",
    body: duplicateCampaignsRequestSchema,
    response: messageResponseSchema,
    errors: [401, 403, 404, 409, 422],
  },
  restoreCampaign: {
    method: 'POST',
    path: '/customer/my-campaigns/restore/:id',
    access: 'customer',
    tag: 'campaigns',
    summary: 'Bring an archived campaign back, switched off',
    description:
      'The campaign keeps its state from before archiving but is switched off; an approved or pending one goes back to review. It counts against the campaign quota again (409 past it); a campaign that is not archived answers 409.',
    params: campaignIdParams,
    response: campaignDetailResponseSchema,
    errors: [401, 403, 404, 409, 422],
  },
  deleteCampaigns: {
    method: 'DELETE',
    path: '/customer/my-campaigns/soft-delete',
    access: 'customer',
    tag: 'campaigns',
    summary: "Archive campaigns; archived ones leave the customer's lists for good",
    description: "All or nothing: any id that is not one of the caller's campaigns answers 404 and nothing changes.",
    body: campaignIdsRequestSchema,
    response: messageResponseSchema,
    errors: [401, 403, 404, 422],
  },
});
