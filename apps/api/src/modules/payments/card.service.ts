import { PAYMENT_MESSAGES, cardExpired, type Card } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { HttpError, notFound } from '../../lib/http-errors';
import type { Principal } from '../../lib/principal';
import type { UserRepository } from '../users';
import type { PaymentRepository } from './payment.repository';
import { cardRefused, providerCall, sandboxOf } from './provider-calls';

/** What saving cards reads and writes: the provider customers and cards, and the user's name. */
export interface CardRepositories {
  payments: PaymentRepository;
  users: UserRepository;
}

/**
 * Saved cards (docs/product/payments.md, Balance page): the provider customer each user has,
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

  /** The user's provider customer, made on first use. */
  async customerOf(userId: number): Promise<string> {
    const { data, provider, clock, log } = this.options;
    const known = await data.repos.payments.customerId(userId, provider.kind);
    if (known) return known;
    const found = await data.repos.users.findById(userId);
    if (!found) throw notFound('User not found');
    const { user } = found;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    const created = await providerCall(log, () => provider.createCustomer({ id: userId, email: user.email, name }));
    return data.repos.payments.keepCustomer(userId, provider.kind, created, clock.now());
  }

  async createSetupIntent(principal: Principal): Promise<{ client_secret: string }> {
    const customerId = await this.customerOf(principal.userId);
    const { clientSecret } = await providerCall(
      this.options.log,
      () => this.options.provider.createSetupIntent(customerId),
      PAYMENT_MESSAGES.setupIntentFailed,
    );
    return { client_secret: clientSecret };
  }

  /** The sandbox's card form confirming a setup intent (Stripe's Payment Element does this with Stripe). */
  async confirmSandboxSetup(
    principal: Principal,
    body: { client_secret: string; card_number?: string; expiry?: string; cvc?: string },
  ): Promise<{ payment_method_id: string }> {
    const sandbox = sandboxOf(this.options.provider);
    const customerId = await this.customerOf(principal.userId);
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
  async addPaymentMethod(principal: Principal, paymentMethodId: string): Promise<Card> {
    const { data, provider, clock, log } = this.options;
    const customerId = await this.customerOf(principal.userId);
    const card = await providerCall(log, () => provider.retrieveCard(paymentMethodId));
    if (!card || card.customerId !== customerId) {
      throw new HttpError(422, PAYMENT_MESSAGES.paymentMethodUnknown, {
        errors: { payment_method_id: [PAYMENT_MESSAGES.paymentMethodUnknown] },
      });
    }
    const row = await data.repos.payments.saveCard({
      userId: principal.userId,
      provider: provider.kind,
      providerMethodId: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      createdAt: clock.now(),
    });
    return this.toCard(row);
  }

  async cards(principal: Principal): Promise<Card[]> {
    const rows = await this.options.data.repos.payments.cards(principal.userId, this.options.provider.kind);
    return rows.map((row) => this.toCard(row));
  }

  private toCard(row: { id: number; brand: string; last4: string; expMonth: number; expYear: number }): Card {
    return {
      id: row.id,
      brand: row.brand,
      last4: row.last4,
      status: cardExpired(row, this.options.clock.now()) ? 'expired' : 'active',
      exp_month: row.expMonth,
      exp_year: row.expYear,
    };
  }
}
