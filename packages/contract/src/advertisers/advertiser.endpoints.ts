import { defineEndpoints } from '../common/endpoint';
import { membershipsResponseSchema } from './advertiser.schemas';

/**
 * Advertiser accounts, their members and invitations (docs/product/teams.md). The team
 * endpoints act on the account the request names (the `x-advertiser-id` header).
 */
export const advertiserEndpoints = defineEndpoints({
  listMemberships: {
    method: 'GET',
    path: '/customer/advertisers',
    access: 'customer',
    tag: 'teams',
    summary: "The caller's advertiser accounts and role in each, for the account switcher",
    description: 'The first is the one a request without the advertiser header acts on.',
    response: membershipsResponseSchema,
    errors: [401, 403],
  },
});
