/**
 * The advertisers module: advertiser accounts, their members, invitations and billing details
 * (the `advertisers`, `advertiser_members`, `invitations` and `billing_details` tables;
 * docs/product/teams.md).
 */
export { AdvertiserRepository, MEMBERSHIPS_ENDED_CHANNEL } from './advertiser.repository';
export { advertiserNameOf } from './advertiser.service';
export { BillingRepository } from './billing.repository';
export { recipientsOfCampaign, type Concern } from './recipients';
