import type { CampaignRow } from '../../db/schema';
import type { TaxSetting } from '../../lib/tax';
import type { AdvertiserRepository } from '../advertisers';
import type { CampaignRepository } from '../campaigns';
import type { EventSubscriptions } from '../events';
import type { PaymentRepository } from './payment.repository';
import { creditForCutCents, movedPaidUntil, newPaymentLink, repricedLink } from './payment-links';

type PaymentSubscriberRepositories = {
  payments: PaymentRepository;
  campaigns: CampaignRepository;
  advertisers: AdvertiserRepository;
};

/** An approved campaign that is not archived and not paid asks for money, unless its flight is over. */
const owes = (campaign: CampaignRow) =>
  campaign.approvalStatus === 'approved' &&
  !campaign.archivedAt &&
  campaign.paymentStatus !== 'paid' &&
  campaign.flightState !== 'ended';

/**
 * What is due follows the flight dates (docs/product/payments.md, Flight dates and money). The
 * campaign is locked first, then its link (decision 016's order). An open link asks for the days
 * the new dates leave, or is cancelled when none are left; a paid daily period moves with a start
 * that had not come and ends no later than the new end; a campaign that owes and has no link (one
 * whose end was moved after it had ended) gets one. Whole days cut off a paid period become the
 * account's credit, added last: the account's credit row is locked after any link.
 */
async function followFlight(
  repos: PaymentSubscriberRepositories,
  campaignId: number,
  before: { startDate: string | null },
  at: Date,
  tax: TaxSetting,
) {
  const campaign = await repos.campaigns.lockSubmitted(campaignId);
  if (!campaign || campaign.approvalStatus !== 'approved' || campaign.archivedAt) return;
  const timeZone = await repos.advertisers.timeZoneOf(campaign.advertiserId);
  let creditCents = 0;
  if (campaign.paidUntil) {
    const paidUntil = movedPaidUntil(campaign.paidUntil, before, campaign, timeZone, at);
    await repos.campaigns.update(campaign.id, { paidUntil });
    creditCents = creditForCutCents(campaign.paidUntil, paidUntil, await repos.payments.lastPaidLinkOf(campaign.id));
  }
  const link = await repos.payments.lockOpenLinkOf(campaign.id);
  if (link) {
    const priced = repricedLink(campaign, timeZone, at, tax);
    if (!priced) await repos.payments.cancelOpenLinks([campaign.id], at);
    else await repos.payments.repriceOpenLink(link, priced, at);
  } else if (owes(campaign)) {
    const next = newPaymentLink(campaign, timeZone, at, tax);
    if (next) await repos.payments.openLink(next);
  }
  await repos.payments.addCredit(campaign.advertiserId, creditCents, at);
}

/**
 * Approving a campaign opens its first payment link (docs/product/payments.md, Payment links),
 * unless it is paid or has a link open already (approved again after an edit), or its flight left
 * nothing to pay for. Flight dates move what is due; a flight that ends cancels the open link.
 */
export function subscribePayments(
  events: EventSubscriptions<PaymentSubscriberRepositories>,
  {
    tax,
    afterLinkOpened,
  }: {
    /** Links ask the tax on top of the budget when prices do not contain it (decision 029). */
    tax: TaxSetting;
    /** Wakes automatic payment once a new link is visible (docs/product/payments.md, Automatic payment). */
    afterLinkOpened: () => void;
  },
): void {
  events.subscribe('campaign.reviewed', 'payments', async (event, { repos, afterCommit }) => {
    if (event.payload.decision !== 'approved') return;
    // The campaign is locked before its link is made (decision 016's order), so an archive
    // cannot slip in between this check and the new link.
    const campaign = await repos.campaigns.lockSubmitted(event.payload.campaignId);
    if (!campaign || !owes(campaign)) return;
    const timeZone = await repos.advertisers.timeZoneOf(campaign.advertiserId);
    const link = newPaymentLink(campaign, timeZone, event.createdAt, tax);
    if (link && (await repos.payments.openLink(link))) afterCommit(afterLinkOpened);
  });

  events.subscribe('campaign.flight_changed', 'payments', async (event, { repos, afterCommit }) => {
    await followFlight(repos, event.payload.campaignId, event.payload.before, event.createdAt, tax);
    afterCommit(afterLinkOpened);
  });

  events.subscribe('campaign.flight_moved', 'payments', async (event, { repos }) => {
    if (event.payload.state !== 'ended') return;
    const campaign = await repos.campaigns.lockSubmitted(event.payload.campaignId);
    if (campaign) await repos.payments.cancelOpenLinks([campaign.id], event.createdAt);
  });
}
