import { checkoutPath, formatCents, PAYMENT_MESSAGES, type PaymentActivity } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  WebhookEventError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPayment,
} from '../../adapters/payments/payment-provider';
import type { PaymentLinkRow } from '../../db/schema';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../lib/http-errors';
import type { AdvertiserPrincipal } from '../../lib/principal';
import { autoPayUnderWay } from './auto-pay.repository';
import type { CardService } from './card.service';
import { toPaymentActivity } from './payment-answers';
import { amountDueOf } from './payment-links';
import { lockForPayment, recordPayment, type LockedLink, type RecordingRepositories } from './payment-recording';
import { cardRefused, providerCall, refundInFull, sandboxOf, stripeOf } from './provider-calls';

export interface CheckoutServiceOptions {
  data: DataAccess<RecordingRepositories>;
  clock: Clock;
  provider: PaymentProvider;
  publicOrigin: string;
  log: FastifyBaseLogger;
  /** The user's provider customer, which a payment is made for. */
  cards: CardService;
}

/** A sandbox payment's card: a saved one, or one typed on the checkout page. */
type SandboxCardBody = { payment_method_id?: number; card_number?: string; expiry?: string; cvc?: string };

/**
 * Paying a link (docs/product/payments.md, Paying): the checkout page, the sandbox's payment,
 * Stripe's Checkout Session and its webhook. Links are the portal's own (decision 016); the
 * provider takes the payments, and every payment is recorded by `recordPayment`, once per
 * link, whichever way it arrives.
 */
export class CheckoutService {
  constructor(private readonly options: CheckoutServiceOptions) {}

  /** The caller's link by its token; another customer's is not found, as an unknown one is. */
  private async linkOf(principal: AdvertiserPrincipal, token: string) {
    const found = await this.options.data.repos.payments.linkByToken(token);
    if (!found || found.link.advertiserId !== principal.advertiser.id) throw notFound(PAYMENT_MESSAGES.linkNotFound);
    return found;
  }

  /**
   * A link closed, of an archived campaign, or being charged automatically right now cannot be
   * paid on the checkout page (409): one charge per amount due (decision 031).
   */
  private refuseUnpayable(link: PaymentLinkRow, campaignArchivedAt: Date | null): void {
    if (link.status !== 'open' || campaignArchivedAt) throw new HttpError(409, PAYMENT_MESSAGES.linkClosed);
    if (autoPayUnderWay(link, this.options.clock.now())) throw new HttpError(409, PAYMENT_MESSAGES.autoPayUnderWay);
  }

  async checkout(principal: AdvertiserPrincipal, token: string) {
    const { link, campaignName } = await this.linkOf(principal, token);
    return {
      campaign_id: link.campaignId,
      campaign_name: campaignName,
      ...amountDueOf(link),
      status: link.status,
      provider: this.options.provider.kind,
    };
  }

  /**
   * Pays a link on the sandbox's checkout page. The card is checked (and the test number
   * declined) first; the payment is then taken and recorded in one transaction that holds the
   * campaign's and the link's locks and has seen the link open (decision 016), so a payment
   * racing an archive or another payment is either recorded or never taken (409).
   */
  async payWithSandbox(
    principal: AdvertiserPrincipal,
    token: string,
    body: SandboxCardBody,
  ): Promise<{ message: string; data: PaymentActivity }> {
    const sandbox = sandboxOf(this.options.provider);
    const { link, campaignArchivedAt } = await this.linkOf(principal, token);
    // Refused before the card is looked at; asked again under the locks below.
    this.refuseUnpayable(link, campaignArchivedAt);
    const { data, clock } = this.options;
    const source = await this.sandboxSource(data.repos, principal, body);
    const customerId = await this.options.cards.customerOf(principal.advertiser.id);
    const authorized = await sandbox.authorize(customerId, source, clock.now());
    if (!authorized.ok) throw cardRefused(authorized.errors);
    const payment = await data.withTransaction(async (repos) => {
      const locked = await lockForPayment(repos, link.id);
      if (!locked?.payable) return undefined;
      if (autoPayUnderWay(locked.link, clock.now())) throw new HttpError(409, PAYMENT_MESSAGES.autoPayUnderWay);
      const charged = sandbox.capture(authorized.value);
      return recordPayment(
        repos,
        locked,
        {
          linkId: link.id,
          transactionId: charged.transactionId,
          status: 'succeeded',
          amountCents: link.amountCents,
          card: charged.card,
          paidAt: clock.now(),
        },
        this.options.provider.kind,
        principal.userId,
      );
    });
    if (!payment) throw new HttpError(409, PAYMENT_MESSAGES.linkClosed);
    return { message: PAYMENT_MESSAGES.paid, data: toPaymentActivity(payment) };
  }

  private async sandboxSource(repos: RecordingRepositories, principal: AdvertiserPrincipal, body: SandboxCardBody) {
    if (body.payment_method_id !== undefined) {
      const saved = await repos.payments.card(principal.advertiser.id, body.payment_method_id);
      if (!saved || saved.provider !== 'sandbox') {
        throw new HttpError(422, PAYMENT_MESSAGES.paymentMethodUnknown, {
          errors: { payment_method_id: [PAYMENT_MESSAGES.paymentMethodUnknown] },
        });
      }
      return { paymentMethodId: saved.providerMethodId };
    }
    if (body.card_number === undefined && body.expiry === undefined && body.cvc === undefined) {
      throw new HttpError(422, PAYMENT_MESSAGES.cardOrSavedCard, {
        errors: { payment_method_id: [PAYMENT_MESSAGES.cardOrSavedCard] },
      });
    }
    return { card: { number: body.card_number ?? '', expiry: body.expiry ?? '', cvc: body.cvc ?? '' } };
  }

  /** With Stripe: a Checkout Session for the link, to which the page sends the payer. */
  async startCheckoutSession(principal: AdvertiserPrincipal, token: string): Promise<{ url: string }> {
    const stripe = stripeOf(this.options.provider);
    const { link, campaignName, campaignArchivedAt } = await this.linkOf(principal, token);
    // A session paid after the link closes anyway is refunded when its event arrives (handleWebhook).
    this.refuseUnpayable(link, campaignArchivedAt);
    const customerId = await this.options.cards.customerOf(principal.advertiser.id);
    const { publicOrigin } = this.options;
    const covers = link.coversDays === null ? 'the whole campaign' : `${link.coversDays} days`;
    const session = await providerCall(this.options.log, () =>
      stripe.createCheckoutSession({
        linkId: link.id,
        customerId,
        description: `${campaignName} (${covers})`,
        amountCents: link.amountCents,
        // Stripe sends the payer back to these from its own site: absolute, like an e-mail's links.
        successUrl: `${publicOrigin}/balance`,
        cancelUrl: `${publicOrigin}${checkoutPath(link.token)}`,
      }),
    );
    return { url: session.url };
  }

  /**
   * Stripe's event: verified on the raw body, then handled once per event id, in one
   * transaction with the payment it reports (docs/product/payments.md, Paying). A payment for a
   * link that closed meanwhile (cancelled by an archive, or paid by another session) is refunded
   * through Stripe, outside any transaction, and only then is the event marked handled: if the
   * refund fails the answer is 503 and Stripe delivers the event again.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const { provider, data, clock } = this.options;
    if (provider.kind !== 'stripe') throw notFound('Not found');
    let event;
    try {
      event = await provider.verifyEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new HttpError(400, PAYMENT_MESSAGES.webhookSignature);
      if (error instanceof WebhookEventError) throw new HttpError(400, PAYMENT_MESSAGES.webhookMalformed);
      throw error;
    }
    const { payment } = event;
    const refund = await data.withTransaction(async (repos) => {
      if (await repos.payments.eventHandled(event.id)) return undefined;
      const closed = payment ? await this.recordOrFindClosed(repos, payment) : undefined;
      if (!closed) await repos.payments.markEventHandled(event.id, event.type, clock.now());
      return closed;
    });
    if (!refund || !payment) return;
    await providerCall(this.options.log, () => refundInFull(provider, payment.transactionId));
    await data.withTransaction(async (repos) => {
      if (!(await repos.payments.markEventHandled(event.id, event.type, clock.now()))) return;
      await repos.audit.record(
        {
          actorId: null,
          action: 'campaign.payment_refunded',
          subject: { type: 'campaign', id: refund.campaign.id },
          after: {
            amount: formatCents(payment.amountCents),
            transaction_id: payment.transactionId,
            link_status: refund.link.status,
          },
        },
        clock.now(),
      );
    });
  }

  /**
   * Records a provider's payment against its link if the link is still payable; otherwise
   * gives the closed link, whose payment must be refunded, unless this very payment is the
   * one already recorded against it (an event for it delivered under another id).
   */
  private async recordOrFindClosed(
    repos: RecordingRepositories,
    payment: ProviderPayment,
  ): Promise<LockedLink | undefined> {
    const locked = await lockForPayment(repos, payment.linkId);
    // A link the portal never made: nothing to record, and no payment of the portal's to refund.
    if (!locked) return undefined;
    if (locked.payable) {
      await recordPayment(repos, locked, payment, this.options.provider.kind, null);
      return undefined;
    }
    const recorded = await repos.payments.paymentOfLink(locked.link.id);
    return recorded?.transactionId === payment.transactionId ? undefined : locked;
  }
}
