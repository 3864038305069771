import { listQuerySchema } from '../common/list.schemas';
import { defineEndpoints, idParams } from '../common/endpoint';
import {
  adminCampaignResponseSchema,
  adminUserResponseSchema,
  approvalRequestSchema,
  approvalResponseSchema,
  campaignRequestsQuerySchema,
  campaignRequestsResponseSchema,
  userListResponseSchema,
  userStatusResponseSchema,
} from './review.schemas';

/** Reviewing campaigns and managing users (docs/product/review.md). Administrators only. */
export const reviewEndpoints = defineEndpoints({
  listCampaignRequests: {
    method: 'GET',
    path: '/get-campaign-requests',
    access: 'admin',
    tag: 'review',
    summary: 'Campaigns by review state, newest first',
    description:
      '`listing_type` pending (awaiting review, not withdrawn), active (approved) or declined. `search` matches part of the campaign name or of the customer name, ignoring case.',
    query: campaignRequestsQuerySchema,
    response: campaignRequestsResponseSchema,
    errors: [401, 403, 422],
  },
  getAdminCampaign: {
    method: 'GET',
    path: '/admin/campaign/:id',
    access: 'admin',
    tag: 'review',
    summary: 'One submitted campaign with its files and its history',
    params: idParams('The campaign id, a whole number'),
    response: adminCampaignResponseSchema,
    errors: [401, 403, 404],
  },
  decideCampaign: {
    method: 'POST',
    path: '/update-campaign-approval-status/:id',
    access: 'admin',
    tag: 'review',
    summary: 'Approve (publish) or decline a campaign awaiting review',
    description:
      'Only a pending campaign can be decided; any other answers 409, so of two administrators deciding at once only the first succeeds. The customer is notified in the portal and by e-mail.',
    params: idParams('The campaign id, a whole number'),
    body: approvalRequestSchema,
    response: approvalResponseSchema,
    errors: [401, 403, 404, 409, 422],
  },
  listUsers: {
    method: 'GET',
    path: '/get-all-users',
    access: 'admin',
    tag: 'review',
    summary: 'Every account, newest first',
    description: '`search` matches part of the name or the e-mail, ignoring case.',
    query: listQuerySchema,
    response: userListResponseSchema,
    errors: [401, 403, 422],
  },
  getAdminUser: {
    method: 'GET',
    path: '/admin/user/:id',
    access: 'admin',
    tag: 'review',
    summary: 'One account, what a ban would switch off, and its history',
    params: idParams('The user id, a whole number'),
    response: adminUserResponseSchema,
    errors: [401, 403, 404],
  },
  toggleUserStatus: {
    method: 'POST',
    path: '/toggle-user-status/:id',
    access: 'admin',
    tag: 'review',
    summary: 'Ban or unban a user',
    description:
      "A ban ends the user's sessions at once and switches their approved and pending campaigns off; an unban lets them log in again. Administrators, the caller included, cannot be banned (409).",
    params: idParams('The user id, a whole number'),
    response: userStatusResponseSchema,
    errors: [401, 403, 404, 409],
  },
});
