import { createHash, randomBytes } from 'node:crypto';
import {
  AUTHENTICATION_TEST_CARD,
  CARD_MESSAGES,
  cardDigits,
  cardExpired,
  checkCard,
  DECLINED_TEST_CARD,
} from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sandboxCharges, sandboxPaymentMethods, sandboxSetupIntents } from '../../db/schema';
import type {
  CardErrors,
  CardInput,
  ProviderCard,
  RefundRequest,
  SandboxAuthorization,
  SandboxPaymentProvider,
  SandboxResult,
  SavedCardCharge,
  SavedCardChargeResult,
} from './payment-provider';

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function checked(card: CardInput, today: Date) {
  const result = checkCard(card, today);
  if (result.ok) return result;
  const { number, expiry, cvc } = result.errors;
  const errors: CardErrors = {};
  if (number) errors.card_number = number;
  if (expiry) errors.expiry = expiry;
  if (cvc) errors.cvc = cvc;
  return { ok: false as const, errors };
}

const declined: SandboxResult<never> = { ok: false, errors: { card_number: CARD_MESSAGES.declined } };

/**
 * The default payment provider (docs/product/payments.md, Payment provider): it behaves as
 * Stripe does for the portal's calls, keeping its setup intents and cards in its own tables,
 * and charges nothing. Payments with the test number 4000 0000 0000 0002 are declined.
 */
export class SandboxProvider implements SandboxPaymentProvider {
  readonly kind = 'sandbox' as const;

  constructor(private readonly db: Database) {}

  async createCustomer(): Promise<string> {
    return randomId('cus_sbx');
  }

  async createSetupIntent(customerId: string): Promise<{ clientSecret: string }> {
    const id = randomId('seti_sbx');
    const clientSecret = `${id}_secret_${randomBytes(24).toString('base64url')}`;
    await this.db
      .insert(sandboxSetupIntents)
      .values({ id, secretHash: sha256(clientSecret), customerId, createdAt: new Date() });
    return { clientSecret };
  }

  async confirmSetup(
    clientSecret: string,
    customerId: string,
    card: CardInput,
    today: Date,
  ): Promise<SandboxResult<string> | undefined> {
    const [intent] = await this.db
      .update(sandboxSetupIntents)
      .set({ usedAt: today })
      .where(
        and(
          eq(sandboxSetupIntents.secretHash, sha256(clientSecret)),
          eq(sandboxSetupIntents.customerId, customerId),
          isNull(sandboxSetupIntents.usedAt),
        ),
      )
      .returning({ id: sandboxSetupIntents.id });
    if (!intent) return undefined;
    const result = checked(card, today);
    if (!result.ok) {
      // A card refused by the checks leaves the intent usable for the corrected card.
      await this.db.update(sandboxSetupIntents).set({ usedAt: null }).where(eq(sandboxSetupIntents.id, intent.id));
      return result;
    }
    const id = randomId('pm_sbx');
    await this.db.insert(sandboxPaymentMethods).values({
      id,
      customerId,
      brand: result.card.brand,
      last4: result.card.last4,
      expMonth: result.card.expMonth,
      expYear: result.card.expYear,
      declines: cardDigits(card.number) === DECLINED_TEST_CARD,
      asksAuthentication: cardDigits(card.number) === AUTHENTICATION_TEST_CARD,
      createdAt: today,
    });
    return { ok: true, value: id };
  }

  async retrieveCard(paymentMethodId: string): Promise<ProviderCard | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, paymentMethodId));
    if (!row) return undefined;
    return {
      id: row.id,
      customerId: row.customerId,
      brand: row.brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
    };
  }

  /** Checks the card as Stripe would and declines the test number; nothing is kept here. */
  async authorize(
    customerId: string,
    source: { paymentMethodId: string } | { card: CardInput },
    today: Date,
  ): Promise<SandboxResult<SandboxAuthorization>> {
    let card: { brand: string; last4: string; declines: boolean };
    if ('card' in source) {
      const result = checked(source.card, today);
      if (!result.ok) return result;
      card = { ...result.card, declines: cardDigits(source.card.number) === DECLINED_TEST_CARD };
    } else {
      const [row] = await this.db
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(eq(sandboxPaymentMethods.id, source.paymentMethodId), eq(sandboxPaymentMethods.customerId, customerId)),
        );
      if (!row) return declined;
      if (cardExpired(row, today)) {
        return { ok: false, errors: { expiry: CARD_MESSAGES.expiryPast } };
      }
      card = row;
    }
    if (card.declines) return declined;
    return { ok: true, value: { card: { brand: card.brand, last4: card.last4 } } };
  }

  /**
   * A saved card charged without the cardholder: declined for the test number that declines and
   * for an expired card, held for the cardholder for the test number that asks for them, and
   * otherwise taken once per idempotency key, as Stripe does.
   */
  async chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardChargeResult> {
    const [card] = await this.db
      .select()
      .from(sandboxPaymentMethods)
      .where(
        and(
          eq(sandboxPaymentMethods.id, charge.paymentMethodId),
          eq(sandboxPaymentMethods.customerId, charge.customerId),
        ),
      );
    if (!card || card.declines) return { outcome: 'declined', message: CARD_MESSAGES.declined };
    if (cardExpired(card, charge.at)) return { outcome: 'declined', message: CARD_MESSAGES.expiryPast };
    if (card.asksAuthentication) return { outcome: 'action_required' };
    await this.db
      .insert(sandboxCharges)
      .values({
        idempotencyKey: charge.idempotencyKey,
        transactionId: randomId('pi_sbx'),
        paymentMethodId: card.id,
        amountCents: charge.amountCents,
        createdAt: charge.at,
      })
      .onConflictDoNothing();
    const [taken] = await this.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, charge.idempotencyKey));
    return {
      outcome: 'paid',
      payment: {
        linkId: charge.linkId,
        transactionId: taken!.transactionId,
        status: 'succeeded',
        amountCents: taken!.amountCents,
        card: { brand: card.brand, last4: card.last4 },
        paidAt: taken!.createdAt,
      },
    };
  }

  /** The sandbox charges nothing: taking a payment is giving it an id, which the portal records. */
  capture(authorization: SandboxAuthorization) {
    return { transactionId: randomId('pi_sbx'), card: authorization.card };
  }

  /**
   * Nothing was charged, so nothing goes back: a refund is an id, the same for the same key, as
   * Stripe's idempotent refunds are.
   */
  async refundPayment(request: RefundRequest): Promise<{ id: string }> {
    return { id: `re_sandbox_${sha256(request.idempotencyKey).slice(0, 24)}` };
  }

  async close(): Promise<void> {}
}
