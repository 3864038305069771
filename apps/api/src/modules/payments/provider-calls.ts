import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_MESSAGES } from '@portal/contract';
import {
  RefundRefusedError,
  type CardErrors,
  type PaymentProvider,
  type SandboxPaymentProvider,
  type StripePaymentProvider,
} from '../../adapters/payments/payment-provider';
import { HttpError } from '../../lib/http-errors';

/** A provider that does not answer is a dependency down: 503, and the reason in the log. */
export async function providerCall<T>(
  log: FastifyBaseLogger,
  call: () => Promise<T>,
  message = 'The payment provider is unavailable',
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.error({ err: error }, 'payment provider call failed');
    throw new HttpError(503, message);
  }
}

/** The sandbox, for the sandbox's own card form and checkout; 409 under Stripe. */
export function sandboxOf(provider: PaymentProvider): SandboxPaymentProvider {
  if (provider.kind !== 'sandbox') throw new HttpError(409, PAYMENT_MESSAGES.wrongProvider);
  return provider;
}

/** Stripe, for its Checkout; 409 under the sandbox. */
export function stripeOf(provider: PaymentProvider): StripePaymentProvider {
  if (provider.kind !== 'stripe') throw new HttpError(409, PAYMENT_MESSAGES.wrongProvider);
  return provider;
}

/** The sandbox's refusal of a card: the first message as the answer's, each under its field. */
export function cardRefused(errors: CardErrors): HttpError {
  const entries = Object.entries(errors);
  return new HttpError(422, entries[0]![1], {
    errors: Object.fromEntries(entries.map(([field, message]) => [field, [message]])),
  });
}

/**
 * Gives back the whole of a payment that arrived for a closed link (a late Checkout payment, or an
 * automatic charge whose campaign was archived meanwhile), keyed by the payment so a
 * repeated event refunds once. Stripe keeps keys for a day but redelivers events for longer: a
 * payment it finds refunded already was refunded by an earlier delivery, which is done.
 */
export async function refundInFull(provider: PaymentProvider, transactionId: string): Promise<void> {
  try {
    await provider.refundPayment({
      transactionId,
      idempotencyKey: `portal-refund-${transactionId}`,
      metadata: { portal_reason: 'payment_link_closed' },
    });
  } catch (error) {
    if (error instanceof RefundRefusedError && error.alreadyRefunded) return;
    throw error;
  }
}
