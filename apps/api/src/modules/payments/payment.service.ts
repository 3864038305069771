import {
  checkoutPath,
  formatUsd,
  isAdminRole,
  PAYMENT_MESSAGES,
  type ListQuery,
  type PaymentActivity,
  type Receipt,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import {
  WebhookEventError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPayment,
} from '../../adapters/payments/payment-provider';
import type { SellerConfig } from '../../config';
import type { DataAccess } from '../../db/transactor';
import type { BillingSnapshot, CampaignRow, PaymentLinkRow, PaymentRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { JobDefinition } from '../../lib/job-runner';
import { HttpError, notFound } from '../../lib/http-errors';
import type { Principal } from '../../lib/principal';
import type { AuditRepository } from '../audit';
import type { CampaignRepository } from '../campaigns';
import type { EventRepository } from '../events';
import type { UserRepository } from '../users';
import type { PaymentRepository } from './payment.repository';
import type { CardService } from './card.service';
import { amountDueOf, coversUntil, newPaymentLink, receiptNumber } from './payment-links';
import { dollars, toPaymentActivity } from './payment-answers';
import { cardRefused, providerCall, sandboxOf, stripeOf } from './provider-calls';

/** What payments change: links and payments, the campaigns they pay, the audit trail, the events. */
export interface PaymentRepositories {
  payments: PaymentRepository;
  campaigns: CampaignRepository;
  users: UserRepository;
  audit: AuditRepository;
  events: EventRepository;
}

export interface PaymentServiceOptions {
  data: DataAccess<PaymentRepositories>;
  clock: Clock;
  provider: PaymentProvider;
  publicOrigin: string;
  /** Who issues the receipts (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID). */
  seller: SellerConfig;
  log: FastifyBaseLogger;
  /** The user's provider customer, which a payment is made for. */
  cards: CardService;
}

/** Jobs of this module: ending daily campaigns' paid weeks. */
export const PAYMENT_JOBS = { renew: 'payments.periods.renew' } as const;

export const paymentJobs = (payments: PaymentService): JobDefinition[] => [
  { name: PAYMENT_JOBS.renew, everyMs: 60_000, run: () => payments.renewEndedPeriods() },
];

/**
 * A link and its campaign, locked campaign first (decision 016); `payable` while the link is
 * open and the campaign not archived.
 */
interface LockedLink {
  link: PaymentLinkRow;
  campaign: CampaignRow;
  payable: boolean;
}

/**
 * Payment links and payments (docs/product/payments.md; cards are `CardService`'s). Links are the portal's own
 * (decision 016); the provider saves cards and takes the payments, and every payment is
 * recorded by `recordPayment`, once per link, whichever way it arrives.
 */
export class PaymentService {
  constructor(private readonly options: PaymentServiceOptions) {}

  /** Total Amount Due: the open links of the customer's approved campaigns that are not archived. */
  async balance(principal: Principal) {
    const due = await this.options.data.repos.payments.due(principal.userId);
    return {
      total_amount_due: dollars(due.reduce((sum, link) => sum + link.amountCents, 0)),
      campaigns_due: due.map((link) => ({
        id: link.campaignId,
        campaign_name: link.campaignName,
        ...amountDueOf(link),
        payment_link_url: checkoutPath(link.token),
      })),
    };
  }

  /** The caller's link by its token; another customer's is not found, as an unknown one is. */
  private async linkOf(principal: Principal, token: string) {
    const found = await this.options.data.repos.payments.linkByToken(token);
    if (!found || found.link.userId !== principal.userId) throw notFound(PAYMENT_MESSAGES.linkNotFound);
    return found;
  }

  async checkout(principal: Principal, token: string) {
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
    principal: Principal,
    token: string,
    body: { payment_method_id?: number; card_number?: string; expiry?: string; cvc?: string },
  ): Promise<{ message: string; data: PaymentActivity }> {
    const sandbox = sandboxOf(this.options.provider);
    const { link, campaignArchivedAt } = await this.linkOf(principal, token);
    // Refused before the card is looked at; asked again under the locks below.
    if (link.status !== 'open' || campaignArchivedAt) throw new HttpError(409, PAYMENT_MESSAGES.linkClosed);
    const { data, clock } = this.options;
    const source = await this.sandboxSource(data.repos, principal, body);
    const customerId = await this.options.cards.customerOf(principal.userId);
    const authorized = await sandbox.authorize(customerId, source, clock.now());
    if (!authorized.ok) throw cardRefused(authorized.errors);
    const payment = await data.withTransaction(async (repos) => {
      const locked = await this.lockForPayment(repos, link.id);
      if (!locked?.payable) return undefined;
      const charged = sandbox.capture(authorized.value);
      return this.recordLocked(repos, locked, {
        linkId: link.id,
        transactionId: charged.transactionId,
        status: 'succeeded',
        amountCents: link.amountCents,
        card: charged.card,
        paidAt: clock.now(),
      });
    });
    if (!payment) throw new HttpError(409, PAYMENT_MESSAGES.linkClosed);
    return { message: PAYMENT_MESSAGES.paid, data: toPaymentActivity(payment) };
  }

  private async sandboxSource(
    repos: PaymentRepositories,
    principal: Principal,
    body: { payment_method_id?: number; card_number?: string; expiry?: string; cvc?: string },
  ) {
    if (body.payment_method_id !== undefined) {
      const saved = await repos.payments.card(principal.userId, body.payment_method_id);
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
  async startCheckoutSession(principal: Principal, token: string): Promise<{ url: string }> {
    const stripe = stripeOf(this.options.provider);
    const { link, campaignName, campaignArchivedAt } = await this.linkOf(principal, token);
    // A session paid after the link closes anyway is refunded when its event arrives (handleWebhook).
    if (link.status !== 'open' || campaignArchivedAt) throw new HttpError(409, PAYMENT_MESSAGES.linkClosed);
    const customerId = await this.options.cards.customerOf(principal.userId);
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
    await providerCall(this.options.log, () => provider.refundPayment(payment.transactionId));
    await data.withTransaction(async (repos) => {
      if (!(await repos.payments.markEventHandled(event.id, event.type, clock.now()))) return;
      await repos.audit.record(
        {
          actorId: null,
          action: 'campaign.payment_refunded',
          subject: { type: 'campaign', id: refund.campaign.id },
          after: {
            amount: formatUsd(payment.amountCents / 100),
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
    repos: PaymentRepositories,
    payment: ProviderPayment,
  ): Promise<LockedLink | undefined> {
    const locked = await this.lockForPayment(repos, payment.linkId);
    // A link the portal never made: nothing to record, and no payment of the portal's to refund.
    if (!locked) return undefined;
    if (locked.payable) {
      await this.recordLocked(repos, locked, payment);
      return undefined;
    }
    const recorded = await repos.payments.paymentOfLink(locked.link.id);
    return recorded?.transactionId === payment.transactionId ? undefined : locked;
  }

  /**
   * The one lock order of every money path (decision 016): the campaign's row, then the link's.
   * Archiving a campaign, approving it, renewing its period and paying its link all take them
   * in this order, so none of them can deadlock another.
   */
  private async lockForPayment(repos: PaymentRepositories, linkId: number): Promise<LockedLink | undefined> {
    // A link's campaign never changes, so it is read before any lock is taken.
    const known = await repos.payments.link(linkId);
    if (!known) return undefined;
    const campaign = await repos.campaigns.lockSubmitted(known.campaignId);
    const link = await repos.payments.lockLink(linkId);
    if (!campaign || !link) return undefined;
    return { link, campaign, payable: link.status === 'open' && !campaign.archivedAt };
  }

  /**
   * Records a link's payment, once: the link closes, the campaign is paid (delivering if it is
   * switched on), the activity and its receipt are added, an audit row is written and the
   * customer told. A link that is no longer open, or whose campaign is archived, records
   * nothing and gives undefined.
   */
  async recordPayment(repos: PaymentRepositories, payment: ProviderPayment): Promise<PaymentRow | undefined> {
    const locked = await this.lockForPayment(repos, payment.linkId);
    if (!locked?.payable) return undefined;
    return this.recordLocked(repos, locked, payment);
  }

  private async recordLocked(
    repos: PaymentRepositories,
    { link, campaign }: LockedLink,
    payment: ProviderPayment,
  ): Promise<PaymentRow> {
    const billing = await this.billingSnapshot(repos, link.userId);
    const until = coversUntil(link.coversDays, payment.paidAt);
    const row = await repos.payments.insertPayment({
      userId: link.userId,
      campaignId: link.campaignId,
      linkId: link.id,
      provider: this.options.provider.kind,
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
    await repos.campaigns.update(campaign.id, { paymentStatus: 'paid', datePaid: payment.paidAt, paidUntil: until });
    await repos.audit.record(
      {
        actorId: link.userId,
        action: 'campaign.paid',
        subject: { type: 'campaign', id: campaign.id },
        before: { payment_status: campaign.paymentStatus },
        after: {
          payment_status: 'paid',
          amount: formatUsd(payment.amountCents / 100),
          transaction_id: payment.transactionId,
        },
      },
      payment.paidAt,
    );
    await repos.events.record(
      { type: 'campaign.paid', userId: link.userId, payload: { campaignId: campaign.id, paymentId: row.id } },
      payment.paidAt,
    );
    return row;
  }

  private async billingSnapshot(repos: PaymentRepositories, userId: number): Promise<BillingSnapshot> {
    const found = await repos.users.findById(userId);
    const user = found?.user;
    const billing = found?.billing;
    const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
    const address = billing
      ? [billing.address, billing.city, billing.state, billing.postalCode].filter(Boolean).join(', ')
      : null;
    return {
      account_type: billing?.type ?? 'individual',
      name: name || user?.email || '',
      email: user?.email ?? '',
      company_name: billing?.businessName ?? null,
      address,
      country: billing?.country ?? null,
      currency: billing?.currency ?? null,
      tax_id: billing?.taxId || null,
    };
  }

  /**
   * Ends the paid weeks of daily campaigns that are over: each is unpaid again, and unless it
   * is archived (or no longer approved) it gets a new link for the next 7 days and its
   * customer is told (docs/product/payments.md, Seven-day periods). Returns how many ended.
   */
  async renewEndedPeriods(): Promise<number> {
    const { data, clock } = this.options;
    const now = clock.now();
    return data.withTransaction(async (repos) => {
      // Campaigns first, then their new links: the lock order of decision 016.
      const ended = await repos.campaigns.lockPaidPeriodsEndedBy(now);
      for (const campaign of ended) {
        await repos.campaigns.update(campaign.id, { paymentStatus: 'unpaid', paidUntil: null });
        if (campaign.archivedAt || campaign.approvalStatus !== 'approved') continue;
        const link = await repos.payments.openLink(newPaymentLink(campaign, now));
        if (!link) continue;
        await repos.events.record(
          {
            type: 'campaign.payment_due',
            userId: campaign.userId,
            payload: { campaignId: campaign.id, linkId: link.id },
          },
          now,
        );
      }
      return ended.length;
    });
  }

  async activities(principal: Principal, query: ListQuery) {
    const page = await this.options.data.repos.payments.listPayments(principal.userId, query);
    return { data: page.data.map((row) => toPaymentActivity(row)), pagination: page.pagination };
  }

  /** A receipt, for its customer and administrators; anyone else gets 404 as for an unknown one. */
  async receipt(principal: Principal, id: number): Promise<Receipt> {
    const row = await this.options.data.repos.payments.payment(id);
    if (!row || (row.userId !== principal.userId && !isAdminRole(principal.roleId))) {
      throw notFound(PAYMENT_MESSAGES.receiptNotFound);
    }
    const { seller } = this.options;
    return {
      ...toPaymentActivity(row),
      receipt_number: receiptNumber(row.id),
      seller: { name: seller.name, address: seller.address, tax_id: seller.taxId },
      billing: { ...row.billing, tax_id: row.billing.tax_id ?? null },
      covers_until: row.coversUntil ? row.coversUntil.toISOString() : null,
    };
  }
}
