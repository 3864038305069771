import {
  autoPayFailedMessage,
  CARD_MESSAGES,
  cardExpired,
  formatCents,
  formatDate,
  PAYMENT_MESSAGES,
  type Card,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, SavedCardChargeResult } from '../../adapters/payments/payment-provider';
import type { PaymentMethodRow } from '../../db/schema';
import type { DataAccess } from '../../db/transactor';
import type { DomainEventPayloads } from '../events';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../lib/http-errors';
import type { JobDefinition } from '../../lib/job-runner';
import type { AdvertiserPrincipal } from '../../lib/principal';
import { AUTO_PAY_ATTEMPTS, autoPayUnderWay, type AutoPayRepository } from './auto-pay.repository';
import type { CardService } from './card.service';
import { lockForPayment, recordPayment, type LockedLink, type RecordingRepositories } from './payment-recording';
import { refundInFull } from './provider-calls';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Links charged per round: a round stays short, and the next minute's takes the rest. */
const ROUND_SIZE = 50;

export interface AutoPayRepositories extends RecordingRepositories {
  autoPay: AutoPayRepository;
}

export interface AutoPayServiceOptions {
  data: DataAccess<AutoPayRepositories>;
  clock: Clock;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** The account's provider customer, which its cards belong to. */
  cards: CardService;
}

/** An attempt claimed on a link: what is charged, with which card, under which number. */
interface ClaimedAttempt {
  link: LockedLink['link'];
  campaignName: string;
  card: PaymentMethodRow;
  attempt: number;
}

export const AUTO_PAY_JOB = 'payments.auto.charge';

/** The words of a `payment.auto_failed` event, for the portal's notice and the e-mail alike. */
export const autoPayFailedText = (failure: DomainEventPayloads['payment.auto_failed']): string =>
  autoPayFailedMessage(
    failure.campaignName,
    formatCents(failure.amountCents),
    failure.reason === 'action_required'
      ? { reason: 'action_required', retryOn: null }
      : { reason: 'declined', retryOn: failure.retryAt && formatDate(failure.retryAt) },
  );

/** Charges the links due, every minute, and right after a link is opened (`subscribePayments`). */
export const autoPayJobs = (autoPay: AutoPayService): JobDefinition[] => [
  { name: AUTO_PAY_JOB, everyMs: 60_000, run: () => autoPay.chargeDue() },
];

/**
 * Automatic payment (docs/product/payments.md, Automatic payment; decision 031): each account's
 * default card and switch, and the job that charges every amount falling due to that card.
 *
 * One charge per amount due: an attempt is claimed on the link under the campaign's and the
 * link's locks (decision 016's order) and committed before the provider is called, so a manual
 * payment of the link meanwhile is refused (409), a second process skips it, and a crash leaves a
 * claim that is taken up again with the same idempotency key. The outcome is recorded under the
 * same locks again.
 */
export class AutoPayService {
  constructor(private readonly options: AutoPayServiceOptions) {}

  /** Makes one of the account's cards its default; an expired card cannot be. */
  async setDefaultCard(principal: AdvertiserPrincipal, cardId: number): Promise<Card> {
    const { data, clock, provider } = this.options;
    const advertiserId = principal.advertiser.id;
    const card = await data.repos.payments.card(advertiserId, cardId);
    if (!card || card.provider !== provider.kind) throw notFound(PAYMENT_MESSAGES.paymentMethodUnknown);
    if (cardExpired(card, clock.now())) {
      throw new HttpError(422, CARD_MESSAGES.expiryPast, { errors: { id: [CARD_MESSAGES.expiryPast] } });
    }
    await data.repos.autoPay.setDefaultCard(advertiserId, card.id, clock.now());
    return this.options.cards.toCard(card, card.id);
  }

  /** Turns automatic payment on (with a default card only) or off. */
  async switchAutoPay(principal: AdvertiserPrincipal, enabled: boolean) {
    const { data, clock } = this.options;
    const settings = await data.repos.autoPay.switchAutoPay(principal.advertiser.id, enabled, clock.now());
    if (enabled && !settings.autoPaySince) {
      throw new HttpError(422, PAYMENT_MESSAGES.autoPayNeedsCard, {
        errors: { enabled: [PAYMENT_MESSAGES.autoPayNeedsCard] },
      });
    }
    return {
      message: enabled ? PAYMENT_MESSAGES.autoPayOn : PAYMENT_MESSAGES.autoPayOff,
      data: { auto_pay: settings.autoPaySince !== null, default_payment_method_id: settings.defaultMethodId },
    };
  }

  /** One round of the job: an attempt on each link due; answers how many were attempted. */
  async chargeDue(): Promise<number> {
    const { data, clock, provider, log } = this.options;
    const due = await data.repos.autoPay.linksDue(clock.now(), provider.kind, ROUND_SIZE);
    for (const linkId of due) {
      try {
        await this.attempt(linkId);
      } catch (error) {
        // The claim stays and goes stale; the same attempt is asked again with the same key.
        log.error({ err: error, linkId }, 'automatic payment attempt failed');
      }
    }
    return due.length;
  }

  private async attempt(linkId: number): Promise<void> {
    const claimed = await this.claim(linkId);
    if (!claimed) return;
    const { provider, clock } = this.options;
    const { link, card } = claimed;
    const customerId = await this.options.cards.customerOf(link.advertiserId);
    const covers = link.coversDays === null ? 'the whole campaign' : `${link.coversDays} days`;
    const result = await provider.chargeSavedCard({
      linkId: link.id,
      customerId,
      paymentMethodId: card.providerMethodId,
      amountCents: link.amountCents,
      description: `${claimed.campaignName} (${covers})`,
      idempotencyKey: `portal-auto-${link.id}-${claimed.attempt}`,
      at: clock.now(),
    });
    await this.settle(claimed, result);
  }

  /** Claims the next attempt on a link still payable and due, under decision 016's locks. */
  private claim(linkId: number): Promise<ClaimedAttempt | undefined> {
    const { data, clock, provider } = this.options;
    const now = clock.now();
    return data.withTransaction(async (repos) => {
      const locked = await lockForPayment(repos, linkId);
      if (!locked?.payable) return undefined;
      const { link, campaign } = locked;
      if (campaign.approvalStatus !== 'approved' || campaign.flightState === 'ended') return undefined;
      const resumed = link.autoClaimedAt !== null;
      if (autoPayUnderWay(link, now)) return undefined;
      if (!resumed && (link.autoAttempts >= AUTO_PAY_ATTEMPTS || (link.autoNextAt && link.autoNextAt > now))) {
        return undefined;
      }
      if (link.autoOutcome === 'action_required' || link.autoOutcome === 'paused') return undefined;
      const chargeable = await repos.autoPay.chargeableCard(link.advertiserId, provider.kind);
      if (!chargeable || link.createdAt < chargeable.autoPaySince) return undefined;
      const attempt = resumed ? link.autoAttempts : link.autoAttempts + 1;
      await repos.autoPay.claim(link.id, attempt, now);
      return { link, campaignName: campaign.name, card: chargeable.card, attempt };
    });
  }

  /**
   * Records how the attempt ended, under the locks again: the payment, as any other; or a
   * decline (tried again a day later, and after the last attempt the campaign paused); or the
   * bank's request for the cardholder (no more attempts). A charge made for a link that closed
   * meanwhile (archived) is given back at once.
   */
  private async settle(claimed: ClaimedAttempt, result: SavedCardChargeResult): Promise<void> {
    const { data, clock, provider } = this.options;
    const now = clock.now();
    const unrecorded = await data.withTransaction(async (repos) => {
      const locked = await lockForPayment(repos, claimed.link.id);
      if (result.outcome === 'paid') {
        if (!locked?.payable) return result.payment;
        await recordPayment(repos, locked, result.payment, provider.kind, null);
        return undefined;
      }
      if (!locked?.payable) return undefined;
      await this.recordFailure(repos, locked, claimed.attempt, result.outcome, now);
      return undefined;
    });
    if (unrecorded) await refundInFull(provider, unrecorded.transactionId);
  }

  private async recordFailure(
    repos: AutoPayRepositories,
    { link, campaign }: LockedLink,
    attempt: number,
    reason: 'declined' | 'action_required',
    now: Date,
  ): Promise<void> {
    const last = reason === 'declined' && attempt >= AUTO_PAY_ATTEMPTS;
    const retryAt = reason === 'declined' && !last ? new Date(now.getTime() + DAY_MS) : null;
    await repos.autoPay.settleFailure(link.id, last ? 'paused' : reason, retryAt);
    if (last) await repos.campaigns.update(campaign.id, { onOff: 'off' });
    await repos.audit.record(
      {
        actorId: null,
        action: 'campaign.auto_payment_failed',
        subject: { type: 'campaign', id: campaign.id },
        after: { amount: formatCents(link.amountCents), attempt, reason, paused: last },
      },
      now,
    );
    await repos.events.record(
      {
        type: 'payment.auto_failed',
        userId: campaign.userId,
        payload: {
          campaignId: campaign.id,
          linkId: link.id,
          campaignName: campaign.name,
          amountCents: link.amountCents,
          reason,
          retryAt: retryAt?.toISOString() ?? null,
        },
      },
      now,
    );
  }
}
