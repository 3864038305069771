import type { ApprovalOutlook } from '@portal/contract';
import type { CampaignRow } from '../../db/schema';
import type { CampaignFacts } from '../events';
import type { CampaignRepository } from './campaign.repository';
import type { CampaignView } from './campaign-views';

/**
 * What happens next to an approved campaign (docs/product/review.md, Approve): it runs once it
 * is paid and switched on.
 */
function approvalOutlook(campaign: Pick<CampaignRow, 'paymentStatus' | 'onOff'>): ApprovalOutlook {
  const on = campaign.onOff === 'on';
  if (campaign.paymentStatus !== 'paid') return on ? 'payment_due' : 'payment_and_switch_due';
  return on ? 'running' : 'switch_due';
}

/** The campaign as an event's texts name it (`CampaignFacts`, in domain-events.ts). */
export function campaignFactsOf({ campaign, owner }: CampaignView): CampaignFacts {
  return {
    name: campaign.name,
    ownerEmail: owner.email,
    ownerName: [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email,
  };
}

/**
 * A campaign's facts as they are now, with what an approval would tell its customer: what an
 * event recorded with its facts carries, and what the subscribers of one recorded before read.
 */
export async function campaignFactsNow(
  campaigns: Pick<CampaignRepository, 'findView'>,
  id: number,
): Promise<(CampaignFacts & { outlook: ApprovalOutlook }) | undefined> {
  const view = await campaigns.findView(id);
  return view && { ...campaignFactsOf(view), outlook: approvalOutlook(view.campaign) };
}
