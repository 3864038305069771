import { formatUsd } from '@portal/contract';
import type { CampaignRepository, CampaignView } from '../campaigns';
import type { EventSubscriptions } from '../events';
import type { UserRepository } from '../users';
import type { PaymentRepository } from '../payments';
import type { NotificationRepository } from './notification.repository';
import { approvalNotice, approvalOutlook } from '../review';

const customerName = ({ owner }: CampaignView) =>
  [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email;

const SUBMISSION_WORDS = {
  new: 'submitted',
  resubmitted: 'resubmitted',
  edited: 'edited',
  duplicated: 'submitted',
  restored: 'restored',
} as const;

/**
 * The notifications that follow from events (docs/product/review.md, Notifications): written in
 * the event's savepoint, so each lands exactly once, and announced to open pages on commit.
 */
export function subscribeNotifications(
  events: EventSubscriptions<{
    notifications: NotificationRepository;
    campaigns: CampaignRepository;
    users: UserRepository;
    payments: PaymentRepository;
  }>,
): void {
  events.subscribe('campaign.submitted', 'notifications', async (event, { repos }) => {
    const { campaignId, reason } = event.payload;
    const view = await repos.campaigns.findView(campaignId);
    if (!view) return;
    const message =
      reason === 'edited' || reason === 'restored'
        ? `${customerName(view)} ${SUBMISSION_WORDS[reason]} the campaign "${view.campaign.name}", which is back for review`
        : `${customerName(view)} ${SUBMISSION_WORDS[reason]} the campaign "${view.campaign.name}" for review`;
    const admins = await repos.users.activeAdministratorIds();
    await repos.notifications.create(
      admins.map((userId) => ({ userId, message, eventType: 'request', senderId: view.campaign.userId, campaignId })),
      event.createdAt,
    );
  });

  events.subscribe('campaign.reviewed', 'notifications', async (event, { repos }) => {
    const { campaignId, adminId, decision, reason } = event.payload;
    const view = await repos.campaigns.findView(campaignId);
    if (!view) return;
    const name = view.campaign.name;
    const message =
      decision === 'approved'
        ? approvalNotice(name, approvalOutlook(view.campaign)).message
        : `Your campaign "${name}" was declined. ${reason ? `Reason: ${reason}` : 'No reason was given.'}`;
    await repos.notifications.create(
      [{ userId: view.campaign.userId, message, eventType: 'review', senderId: adminId, campaignId }],
      event.createdAt,
    );
  });

  events.subscribe('campaign.paid', 'notifications', async (event, { repos }) => {
    const payment = await repos.payments.payment(event.payload.paymentId);
    if (!payment) return;
    const message = `Payment of ${formatUsd(payment.amountCents / 100)} received for your campaign "${payment.campaignName}"`;
    await repos.notifications.create(
      [{ userId: payment.userId, message, eventType: 'system', senderId: null, campaignId: payment.campaignId }],
      event.createdAt,
    );
  });

  events.subscribe('campaign.payment_due', 'notifications', async (event, { repos }) => {
    // The link of this event, still open: paid in between, there is nothing to ask for.
    const view = await repos.campaigns.findView(event.payload.campaignId);
    const link = await repos.payments.openLinkOf(event.payload.campaignId);
    if (!view || link?.id !== event.payload.linkId) return;
    const message = `The paid week of your campaign "${view.campaign.name}" is over: pay ${formatUsd(link.amountCents / 100)} for the next 7 days`;
    await repos.notifications.create(
      [{ userId: view.campaign.userId, message, eventType: 'system', senderId: null, campaignId: view.campaign.id }],
      event.createdAt,
    );
  });
}
