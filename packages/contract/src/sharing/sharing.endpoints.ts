import { defineEndpoints, idParams } from '../common/endpoint';
import { messageResponseSchema } from '../common/common.schemas';
import {
  createdSharedLinkSchema,
  createSharedLinkSchema,
  sharedLinkListSchema,
  sharedPreviewSchema,
  sharedReportSchema,
  sharedTokenParams,
} from './shared-links.schemas';

const GONE =
  'An expired, revoked, malformed or unknown token, or one whose account is suspended or whose maker was banned or left the account, answers the same 404.';

/** Shared links: preview and report links (docs/product/campaigns.md, docs/product/insights.md). */
export const sharingEndpoints = defineEndpoints({
  createSharedLink: {
    method: 'POST',
    path: '/customer/shared-links',
    access: 'customer',
    permission: 'campaigns.view',
    tag: 'sharing',
    summary: "Make a read-only link to a campaign's ad preview or to a report",
    description:
      'A preview link lives 7 days; a report link 7, 30 or 90 days over the days it is made with. The answer carries the page path with its token, once. At most 50 active links per account (409).',
    body: createSharedLinkSchema,
    response: createdSharedLinkSchema,
    successStatus: 201,
    errors: [401, 403, 404, 409, 422],
  },
  listSharedLinks: {
    method: 'GET',
    path: '/customer/shared-links',
    access: 'customer',
    permission: 'campaigns.view',
    tag: 'sharing',
    summary: "The account's active shared links the caller may see: their own, or every one for owners",
    response: sharedLinkListSchema,
    errors: [401, 403],
  },
  revokeSharedLink: {
    method: 'DELETE',
    path: '/customer/shared-links/:id',
    access: 'customer',
    permission: 'campaigns.view',
    tag: 'sharing',
    summary: 'Revoke a shared link: it stops working at once',
    description: 'Its maker, or an owner of the account, may revoke it.',
    params: idParams('The shared link id, a whole number'),
    response: messageResponseSchema,
    errors: [401, 403, 404],
  },
  sharedPreview: {
    method: 'GET',
    path: '/shared/preview/:token',
    access: 'public',
    tag: 'sharing',
    summary: "A preview link's ad: texts, destination and files with short-lived view addresses",
    description: `Each answer counts a view. ${GONE}`,
    params: sharedTokenParams,
    response: sharedPreviewSchema,
    errors: [404, 429],
  },
  sharedReport: {
    method: 'GET',
    path: '/shared/report/:token',
    access: 'public',
    tag: 'sharing',
    summary: "A report link's figures over its days",
    description: `Each answer counts a view. ${GONE}`,
    params: sharedTokenParams,
    response: sharedReportSchema,
    errors: [404, 429],
  },
});
