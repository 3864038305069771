import { formatCents } from '@portal/contract';
import type { PaymentProvider, ProviderPayment } from '../../adapters/payments/payment-provider';
import type { BillingSnapshot, CampaignRow, PaymentLinkRow, PaymentRow } from '../../db/schema';
import type { AuditRepository } from '../audit';
import type { CampaignRepository } from '../campaigns';
import type { EventRepository } from '../events';
import type { AdvertiserRepository, BillingRepository } from '../advertisers';
import type { PaymentRepository } from './payment.repository';
import { paymentFactsOf } from './payment-answers';
import { coversUntil } from './payment-links';

/** What recording a payment changes: the payment and its link, the campaign it pays, the audit trail, the events. */
export interface RecordingRepositories {
  payments: PaymentRepository;
  campaigns: CampaignRepository;
  advertisers: AdvertiserRepository;
  billing: BillingRepository;
  audit: AuditRepository;
  events: EventRepository;
}

/**
 * A link and its campaign, locked campaign first (decision 016); `payable` while the link is
 * open and the campaign not archived.
 */
export interface LockedLink {
  link: PaymentLinkRow;
  campaign: CampaignRow;
  payable: boolean;
}

/**
 * The one lock order of every money path (decision 016): the campaign's row, then the link's.
 * Archiving a campaign, approving it, renewing its period and paying its link all take them
 * in this order, so none of them can deadlock another.
 */
export async function lockForPayment(
  repos: Pick<RecordingRepositories, 'payments' | 'campaigns'>,
  linkId: number,
): Promise<LockedLink | undefined> {
  // A link's campaign never changes, so it is read before any lock is taken.
  const known = await repos.payments.link(linkId);
  if (!known) return undefined;
  const campaign = await repos.campaigns.lockSubmitted(known.campaignId);
  const link = await repos.payments.lockLink(linkId);
  if (!campaign || !link) return undefined;
  return { link, campaign, payable: link.status === 'open' && !campaign.archivedAt };
}

/**
 * Records a payable link's payment, once (the caller holds `lockForPayment`'s locks and has
 * seen it payable): the link closes, the campaign is paid (delivering if it is switched on),
 * the activity and its receipt are added, an audit row is written and the customer told.
 */
export async function recordPayment(
  repos: RecordingRepositories,
  { link, campaign }: LockedLink,
  payment: ProviderPayment,
  provider: PaymentProvider['kind'],
  /** The member who paid in the portal; null for a payment the provider reported (Stripe's Checkout). */
  paidBy: number | null,
): Promise<PaymentRow> {
  const billing = await billingSnapshot(repos, link.advertiserId);
  const timeZone = await repos.advertisers.timeZoneOf(link.advertiserId);
  const until = coversUntil(link.coversDays, payment.paidAt, campaign, timeZone);
  const row = await repos.payments.insertPayment({
    advertiserId: link.advertiserId,
    campaignId: link.campaignId,
    linkId: link.id,
    provider,
    transactionId: payment.transactionId,
    status: payment.status,
    amountCents: payment.amountCents,
    cardBrand: payment.card?.brand ?? null,
    cardLast4: payment.card?.last4 ?? null,
    campaignName: campaign.name,
    billing,
    paidAt: payment.paidAt,
    coversUntil: until,
  });
  await repos.payments.closeLink(link.id, 'paid', payment.paidAt);
  // A campaign paused after its automatic payments failed starts again once paid by hand.
  const resumed = link.autoOutcome === 'paused' ? { onOff: 'on' as const } : {};
  await repos.campaigns.update(campaign.id, {
    paymentStatus: 'paid',
    datePaid: payment.paidAt,
    paidUntil: until,
    ...resumed,
  });
  await repos.audit.record(
    {
      actorId: paidBy,
      action: 'campaign.paid',
      subject: { type: 'campaign', id: campaign.id },
      before: { payment_status: campaign.paymentStatus },
      after: {
        payment_status: 'paid',
        amount: formatCents(payment.amountCents),
        transaction_id: payment.transactionId,
      },
    },
    payment.paidAt,
  );
  await repos.events.record(
    {
      type: 'campaign.paid',
      userId: paidBy ?? campaign.userId,
      payload: { campaignId: campaign.id, paymentId: row.id, payment: paymentFactsOf(row) },
    },
    payment.paidAt,
  );
  return row;
}

/** The buyer's name, address and tax id as they are when the payment is made, kept with it for its receipt. */
async function billingSnapshot(
  repos: Pick<RecordingRepositories, 'advertisers' | 'billing'>,
  advertiserId: number,
): Promise<BillingSnapshot> {
  const contact = await repos.advertisers.contactOf(advertiserId);
  const billing = await repos.billing.find(advertiserId);
  const address = billing
    ? [billing.address, billing.city, billing.state, billing.postalCode].filter(Boolean).join(', ')
    : null;
  return {
    account_type: billing?.type ?? 'individual',
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    company_name: billing?.businessName ?? null,
    address,
    country: billing?.country ?? null,
    currency: billing?.currency ?? null,
    tax_id: billing?.taxId ?? null,
  };
}
