import { approvalNotice, flightNotice, formatCents, nextPeriodWords } from '@portal/contract';
import { campaignFactsNow, type CampaignRepository } from '../campaigns';
import type { DomainEvent, EventSubscriptions } from '../events';
import { autoPayFailedText, paymentFactsNow, refundNotice, type PaymentRepository } from '../payments';
import type { UserRepository } from '../users';
import { recipientsOfCampaign, type AdvertiserRepository, type Concern } from '../advertisers';
import { alertNotice, alertRecipients } from '../alerts';
import type { NotificationEventType } from '../../db/schema';
import type { NotificationRepository } from './notification.repository';

const SUBMISSION_WORDS = {
  new: 'submitted',
  resubmitted: 'resubmitted',
  edited: 'edited',
  duplicated: 'submitted',
  restored: 'restored',
} as const;

/** A period of 7 days, or fewer when the flight ends sooner (docs/product/payments.md, Flight dates and money). */
const paymentDueMessage = (name: string, amountCents: number, days: number | null) =>
  `The paid week of your campaign "${name}" is over: pay ${formatCents(amountCents)} for ${nextPeriodWords(days)}`;

/** The customer who caused a campaign event: every submission is recorded with them. */
function actorOf(event: DomainEvent): number {
  if (event.userId === null) throw new Error(`Event ${event.id} (${event.type}) names no customer`);
  return event.userId;
}

type NotificationRepositories = {
  notifications: NotificationRepository;
  campaigns: CampaignRepository;
  users: UserRepository;
  payments: PaymentRepository;
  advertisers: AdvertiserRepository;
};

/** Tells the members of the campaign's account whom `concern` is for (docs/product/teams.md, Who is told). */
async function notifyMembers(
  repos: NotificationRepositories,
  campaignId: number,
  concern: Concern,
  notice: { message: string; eventType: NotificationEventType; senderId: number | null },
  at: Date,
) {
  const { advertiserId, recipients } = await recipientsOfCampaign(repos, campaignId, concern);
  await repos.notifications.create(
    recipients.map(({ userId }) => ({ userId, advertiserId, campaignId, ...notice })),
    at,
  );
}

/**
 * The notifications that follow from events (docs/product/review.md, Notifications): written in
 * the event's savepoint, so each lands exactly once, and announced to open pages on commit.
 */
export function subscribeNotifications(events: EventSubscriptions<NotificationRepositories>): void {
  events.subscribe('campaign.submitted', 'notifications', async (event, { repos }) => {
    const { campaignId, reason } = event.payload;
    const campaign = event.payload.campaign ?? (await campaignFactsNow(repos.campaigns, campaignId));
    if (!campaign) return;
    const message =
      reason === 'edited' || reason === 'restored'
        ? `${campaign.ownerName} ${SUBMISSION_WORDS[reason]} the campaign "${campaign.name}", which is back for review`
        : `${campaign.ownerName} ${SUBMISSION_WORDS[reason]} the campaign "${campaign.name}" for review`;
    // Who is told is who administers the portal when it is told, not when the event was recorded.
    const admins = await repos.users.activeAdministratorIds();
    const senderId = actorOf(event);
    await repos.notifications.create(
      admins.map((userId) => ({ userId, message, eventType: 'request', senderId, campaignId })),
      event.createdAt,
    );
  });

  events.subscribe('campaign.reviewed', 'notifications', async (event, { repos }) => {
    const { campaignId, adminId, decision, reason } = event.payload;
    const campaign = event.payload.campaign ?? (await campaignFactsNow(repos.campaigns, campaignId));
    if (!campaign) return;
    const message =
      decision === 'approved'
        ? approvalNotice(campaign.name, campaign.outlook).message
        : `Your campaign "${campaign.name}" was declined. ${reason ? `Reason: ${reason}` : 'No reason was given.'}`;
    await notifyMembers(
      repos,
      campaignId,
      'campaigns',
      { message, eventType: 'review', senderId: adminId },
      event.createdAt,
    );
  });

  subscribeRunningNotices(events);

  // Every alert arrives in the portal, whatever the person chose for its e-mail.
  events.subscribe('campaign.alert_raised', 'notifications', async (event, { repos }) => {
    const { campaignId } = event.payload;
    const { message, link } = alertNotice(event.payload);
    const { advertiserId, recipients } = await alertRecipients(repos, event.payload);
    await repos.notifications.create(
      recipients.map(({ userId }) => ({
        userId,
        advertiserId,
        campaignId,
        message,
        link,
        eventType: 'alert' as const,
        senderId: null,
      })),
      event.createdAt,
    );
  });
}

/** What a customer's people hear while a campaign runs: its payments and refunds, what falls due, its flight's dates. */
function subscribeRunningNotices(events: EventSubscriptions<NotificationRepositories>): void {
  events.subscribe('campaign.paid', 'notifications', async (event, { repos }) => {
    const { campaignId, paymentId } = event.payload;
    const payment = event.payload.payment ?? (await paymentFactsNow(repos.payments, paymentId));
    if (!payment) return;
    const message = `Payment of ${formatCents(payment.amountCents)} received for your campaign "${payment.campaignName}"`;
    await notifyMembers(
      repos,
      campaignId,
      'payments',
      { message, eventType: 'system', senderId: null },
      event.createdAt,
    );
  });

  events.subscribe('payment.refunded', 'notifications', async (event, { repos }) => {
    const { paymentId, amountCents, reason } = event.payload;
    // The campaign and its name as paid are kept on the payment's row, which never changes them.
    const payment = await repos.payments.payment(paymentId);
    if (!payment) return;
    const { message } = refundNotice(amountCents, payment.campaignName, reason);
    await notifyMembers(
      repos,
      payment.campaignId,
      'payments',
      { message, eventType: 'system', senderId: null },
      event.createdAt,
    );
  });

  events.subscribe('campaign.flight_moved', 'notifications', async (event, { repos }) => {
    const { campaignId, state, campaign } = event.payload;
    await notifyMembers(
      repos,
      campaignId,
      'campaigns',
      { message: flightNotice(campaign.name, state), eventType: 'system', senderId: null },
      event.createdAt,
    );
  });

  events.subscribe('payment.auto_failed', 'notifications', async (event, { repos }) => {
    const { campaignId, linkId } = event.payload;
    // Paid by hand in between: there is nothing left to say.
    if ((await repos.payments.openLinkOf(campaignId))?.id !== linkId) return;
    await notifyMembers(
      repos,
      campaignId,
      'payments',
      { message: autoPayFailedText(event.payload), eventType: 'system', senderId: null },
      event.createdAt,
    );
  });

  events.subscribe('campaign.payment_due', 'notifications', async (event, { repos }) => {
    const { campaignId, linkId } = event.payload;
    // The link of this event, still open: paid in between, there is nothing to ask for. Whether
    // it is still open is known only now, so it is read rather than carried by the event.
    const link = await repos.payments.openLinkOf(campaignId);
    if (link?.id !== linkId) return;
    const campaign = event.payload.campaign ?? (await campaignFactsNow(repos.campaigns, campaignId));
    if (!campaign) return;
    const message = paymentDueMessage(campaign.name, link.amountCents, link.coversDays);
    await notifyMembers(
      repos,
      campaignId,
      'payments',
      { message, eventType: 'system', senderId: null },
      event.createdAt,
    );
  });
}
