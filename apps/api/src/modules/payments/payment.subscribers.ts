import type { CampaignRepository } from '../campaigns';
import type { EventSubscriptions } from '../events';
import type { PaymentRepository } from './payment.repository';
import { newPaymentLink } from './payment-links';

/**
 * Approving a campaign opens its first payment link (docs/product/payments.md, Payment links),
 * unless it is paid or has a link open already (approved again after an edit).
 */
export function subscribePayments(
  events: EventSubscriptions<{ payments: PaymentRepository; campaigns: CampaignRepository }>,
): void {
  events.subscribe('campaign.reviewed', 'payments', async (event, { repos }) => {
    if (event.payload.decision !== 'approved') return;
    // The campaign is locked before its link is made (decision 016's order), so an archive
    // cannot slip in between this check and the new link.
    const campaign = await repos.campaigns.lockSubmitted(event.payload.campaignId);
    if (!campaign) return;
    if (campaign.paymentStatus === 'paid' || campaign.archivedAt || campaign.approvalStatus !== 'approved') return;
    await repos.payments.openLink(newPaymentLink(campaign, event.createdAt));
  });
}
