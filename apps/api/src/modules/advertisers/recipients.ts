import { ROLES_CONCERNED } from '@portal/contract';
import type { AdvertiserRepository } from './advertiser.repository';

/** What a notice is about, and so which roles of the account hear of it. */
export type Concern = keyof typeof ROLES_CONCERNED;

/**
 * The members of a campaign's account who hear of `concern` about it (docs/product/teams.md, Who
 * is told): read when the notice is sent, so that who is told is who is in the account then.
 */
export async function recipientsOfCampaign(
  repos: { advertisers: AdvertiserRepository; campaigns: { advertiserOf(id: number): Promise<number | undefined> } },
  campaignId: number,
  concern: Concern,
): Promise<{ advertiserId: number; recipients: { userId: number; email: string }[] }> {
  const advertiserId = await repos.campaigns.advertiserOf(campaignId);
  if (advertiserId === undefined) return { advertiserId: 0, recipients: [] };
  return { advertiserId, recipients: await repos.advertisers.recipients(advertiserId, ROLES_CONCERNED[concern]) };
}
