import type { EventDispatcher } from '../events/event-dispatcher';
import { newPaymentLink } from './payment-links';

/**
 * Approving a campaign opens its first payment link (docs/product/payments.md, Payment links),
 * unless it is paid or has a link open already (approved again after an edit).
 */
export function subscribePayments(events: EventDispatcher, publicOrigin: string): void {
  events.subscribe('campaign.reviewed', 'payments', async (event, { repos }) => {
    if (event.payload.decision !== 'approved') return;
    const view = await repos.campaigns.findView(event.payload.campaignId);
    if (!view) return;
    const { campaign } = view;
    if (campaign.paymentStatus === 'paid' || campaign.archivedAt || campaign.approvalStatus !== 'approved') return;
    await repos.payments.openLink(newPaymentLink(campaign, publicOrigin, event.createdAt));
  });
}
