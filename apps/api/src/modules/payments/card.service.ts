import { ADVERTISER_MESSAGES, PAYMENT_MESSAGES, cardExpired, type Card } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../lib/http-errors';
import type { AdvertiserPrincipal } from '../../lib/principal';
import type { AdvertiserRepository } from '../advertisers';
import type { AutoPayRepository } from './auto-pay.repository';
import type { PaymentRepository } from './payment.repository';
import { cardRefused, providerCall, sandboxOf } from './provider-calls';

/** What saving cards reads and writes: the provider customers and cards, and the account's name. */
export interface CardRepositories {
  payments: PaymentRepository;
  advertisers: AdvertiserRepository;
  autoPay: AutoPayRepository;
}

/**
 * Saved cards (docs/product/payments.md, Balance page): the provider customer each account has,
 * the setup of a new card through the provider, and the cards kept.
 */
export class CardService {
  constructor(
    private readonly options: {
      data: DataAccess<CardRepositories>;
      clock: Clock;
      provider: PaymentProvider;
      log: FastifyBaseLogger;
    },
  ) {}

  /** The advertiser account's provider customer, made on first use. */
  async customerOf(advertiserId: number): Promise<string> {
    const { data, provider, clock, log } = this.options;
    const known = await data.repos.payments.customerId(advertiserId, provider.kind);
    if (known) return known;
    const contact = await data.repos.advertisers.contactOf(advertiserId);
    if (!contact) throw notFound(ADVERTISER_MESSAGES.noAccount);
    const created = await providerCall(log, () => provider.createCustomer({ id: advertiserId, ...contact }));
    return data.repos.payments.keepCustomer(advertiserId, provider.kind, created, clock.now());
  }

  async createSetupIntent(principal: AdvertiserPrincipal): Promise<{ client_secret: string }> {
    const customerId = await this.customerOf(principal.advertiser.id);
    const { clientSecret } = await providerCall(
      this.options.log,
      () => this.options.provider.createSetupIntent(customerId),
      PAYMENT_MESSAGES.setupIntentFailed,
    );
    return { client_secret: clientSecret };
  }

  /** The sandbox's card form confirming a setup intent (Stripe's Payment Element does this with Stripe). */
  async confirmSandboxSetup(
    principal: AdvertiserPrincipal,
    body: { client_secret: string; card_number?: string; expiry?: string; cvc?: string },
  ): Promise<{ payment_method_id: string }> {
    const sandbox = sandboxOf(this.options.provider);
    const customerId = await this.customerOf(principal.advertiser.id);
    const card = { number: body.card_number ?? '', expiry: body.expiry ?? '', cvc: body.cvc ?? '' };
    const result = await sandbox.confirmSetup(body.client_secret, customerId, card, this.options.clock.now());
    if (!result) {
      throw new HttpError(422, PAYMENT_MESSAGES.setupSecretUnknown, {
        errors: { client_secret: [PAYMENT_MESSAGES.setupSecretUnknown] },
      });
    }
    if (!result.ok) throw cardRefused(result.errors);
    return { payment_method_id: result.value };
  }

  /** Keeps a card the provider confirmed, once it is known to be the caller's. */
  async addPaymentMethod(principal: AdvertiserPrincipal, paymentMethodId: string): Promise<Card> {
    const { data, provider, clock, log } = this.options;
    const customerId = await this.customerOf(principal.advertiser.id);
    const card = await providerCall(log, () => provider.retrieveCard(paymentMethodId));
    if (!card || card.customerId !== customerId) {
      throw new HttpError(422, PAYMENT_MESSAGES.paymentMethodUnknown, {
        errors: { payment_method_id: [PAYMENT_MESSAGES.paymentMethodUnknown] },
      });
    }
    const row = await data.repos.payments.saveCard({
      advertiserId: principal.advertiser.id,
      provider: provider.kind,
      providerMethodId: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      createdAt: clock.now(),
    });
    // The account's first card is its default (docs/product/payments.md, Automatic payment).
    await data.repos.autoPay.setDefaultCard(principal.advertiser.id, row.id, clock.now(), true);
    const { defaultMethodId } = await data.repos.autoPay.settingsOf(principal.advertiser.id);
    return this.toCard(row, defaultMethodId);
  }

  async cards(principal: AdvertiserPrincipal): Promise<Card[]> {
    const { payments, autoPay } = this.options.data.repos;
    const [rows, { defaultMethodId }] = await Promise.all([
      payments.cards(principal.advertiser.id, this.options.provider.kind),
      autoPay.settingsOf(principal.advertiser.id),
    ]);
    return rows.map((row) => this.toCard(row, defaultMethodId));
  }

  /** A saved card as the API answers it; `defaultId` is the account's default card's. */
  toCard(
    row: { id: number; brand: string; last4: string; expMonth: number; expYear: number },
    defaultId: number | null,
  ): Card {
    return {
      id: row.id,
      brand: row.brand,
      last4: row.last4,
      status: cardExpired(row, this.options.clock.now()) ? 'expired' : 'active',
      exp_month: row.expMonth,
      exp_year: row.expYear,
      is_default: row.id === defaultId,
    };
  }
}
