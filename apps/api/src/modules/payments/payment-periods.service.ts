import type { PaymentProviderKind } from '../../db/schema';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import type { JobDefinition } from '../../lib/job-runner';
import type { TaxSetting } from '../../lib/tax';
import { campaignFactsOf, type CampaignRepository } from '../campaigns';
import type { EventRepository } from '../events';
import type { AdvertiserRepository } from '../advertisers';
import type { AutoPayRepository } from './auto-pay.repository';
import type { PaymentRepository } from './payment.repository';
import { newPaymentLink } from './payment-links';

/** What ending a paid week changes: the campaign, its new link, the event that tells its customer. */
export interface PaymentPeriodRepositories {
  payments: PaymentRepository;
  campaigns: CampaignRepository;
  advertisers: AdvertiserRepository;
  events: EventRepository;
  autoPay: AutoPayRepository;
}

/** Jobs of this module: ending daily campaigns' paid weeks. */
export const PAYMENT_JOBS = { renew: 'payments.periods.renew' } as const;

export const paymentJobs = (periods: PaymentPeriodService): JobDefinition[] => [
  { name: PAYMENT_JOBS.renew, everyMs: 60_000, run: () => periods.renewEndedPeriods() },
];

/** Daily campaigns' paid weeks (docs/product/payments.md, Seven-day periods). */
export class PaymentPeriodService {
  constructor(
    private readonly options: {
      data: DataAccess<PaymentPeriodRepositories>;
      clock: Clock;
      /** The provider whose cards automatic payment charges. */
      provider: PaymentProviderKind;
      /** New links ask the tax on top of the budget when prices do not contain it (decision 029). */
      tax: TaxSetting;
    },
  ) {}

  /**
   * Ends the paid weeks of daily campaigns that are over: each is unpaid again, and unless it
   * is archived (or no longer approved) it gets a new link for the next 7 days and its
   * customer is told (docs/product/payments.md, Seven-day periods). Returns how many ended.
   */
  async renewEndedPeriods(): Promise<number> {
    const { data, clock, tax } = this.options;
    const now = clock.now();
    return data.withTransaction(async (repos) => {
      // Campaigns first, then their new links: the lock order of decision 016.
      const ended = await repos.campaigns.lockPaidPeriodsEndedBy(now);
      for (const campaign of ended) {
        await repos.campaigns.update(campaign.id, { paymentStatus: 'unpaid', paidUntil: null });
        if (campaign.archivedAt || campaign.approvalStatus !== 'approved') continue;
        const next = newPaymentLink(campaign, await repos.advertisers.timeZoneOf(campaign.advertiserId), now, tax);
        const link = next && (await repos.payments.openLink(next));
        // An account paying automatically is charged rather than asked (the next round of
        // `payments.auto.charge`); it hears only if the charge does not go through.
        if (!link || (await repos.autoPay.chargeableCard(campaign.advertiserId, this.options.provider))) continue;
        const view = await repos.campaigns.findView(campaign.id);
        await repos.events.record(
          {
            type: 'campaign.payment_due',
            userId: campaign.userId,
            payload: { campaignId: campaign.id, linkId: link.id, campaign: view && campaignFactsOf(view) },
          },
          now,
        );
      }
      return ended.length;
    });
  }
}
