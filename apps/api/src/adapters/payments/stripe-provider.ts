import Stripe from 'stripe';
import { z } from 'zod';
import {
  RefundRefusedError,
  WebhookEventError,
  WebhookSignatureError,
  type CheckoutRequest,
  type ProviderCard,
  type ProviderEvent,
  type ProviderPayment,
  type SavedCardChargeResult,
  type StripePaymentProvider,
} from './payment-provider';

export interface StripeProviderOptions {
  /** STRIPE_SECRET_KEY. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the signing secret of the endpoint that delivers to `POST /stripe/webhook`. */
  webhookSecret: string;
  /** Another address for Stripe's API; tests point it at a local fake (test/fake-stripe.ts). */
  apiOptions?: { host: string; port: number; protocol: 'http' | 'https' };
}

const toDate = (unixSeconds: number) => new Date(unixSeconds * 1000);

/**
 * What the portal reads of an event. A correct signature proves only who sent the body, not its
 * shape: a body that does not fit is refused (400) before anything is recorded, rather than
 * failing later on a missing field or a text PostgreSQL cannot store (a NUL).
 */
const idText = z
  .string()
  .min(1)
  .max(255)
  .refine((value) => !value.includes('\0'));
const eventShape = z.object({
  id: idText,
  type: idText,
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const sessionShape = z.object({
  id: idText,
  payment_status: z.string(),
  amount_total: z.number().int().nullable(),
  payment_intent: z.union([idText, z.object({ id: idText }), z.null()]),
  metadata: z.record(z.string(), z.string()).nullable(),
});
type EventShape = z.infer<typeof eventShape>;
type SessionShape = z.infer<typeof sessionShape>;

/** The events that report a link paid: a card completes the session at once, a delayed method later. */
const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** The portal's payment link id carried in the session's metadata, when it is one. */
function linkIdOf(metadata: SessionShape['metadata']): number | undefined {
  const value = metadata?.payment_link_id;
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Stripe's answer that it will not make a refund: a 4xx that says what is wrong with it (a
 * payment disputed or refunded already, too large an amount, a key or permission that does not
 * allow it). Nothing was refunded then. A 409 (the same key in flight), a 429, a 5xx or a lost
 * connection say nothing of the outcome, so they stay errors for the caller to settle later.
 */
function refusalOf(error: unknown): RefundRefusedError | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  if (error.statusCode === undefined || ![400, 401, 402, 403, 404].includes(error.statusCode)) return undefined;
  return new RefundRefusedError(error.message, error.code === 'charge_already_refunded');
}

/**
 * Payments with Stripe (docs/product/payments.md, Payment provider): a Stripe customer per portal
 * user, cards saved with setup intents, payment links as Checkout Sessions, payments learnt from
 * signed events. Nothing here sees a card number: Stripe's own page and Payment Element take it.
 */
// eslint-disable-next-line max-lines-per-function -- its body is the adapter's methods, each short, closing over one Stripe client
export function createStripeProvider(options: StripeProviderOptions): StripePaymentProvider {
  // A blank webhook secret would turn every genuine delivery into a 400: refuse to start instead.
  if (!options.secretKey.trim() || !options.webhookSecret.trim()) {
    throw new Error('The Stripe secret key and webhook secret must not be empty');
  }
  const { webhookSecret } = options;
  // The package pins Stripe's API version (its types describe only that one): upgrading the
  // package upgrades the API, so read its changelog first.
  const stripe = new Stripe(options.secretKey, {
    // A request runs inside the customer's request (or the webhook's): fail within its patience,
    // and let the SDK retry with idempotency keys only a couple of times.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...options.apiOptions,
  });

  /** A succeeded PaymentIntent as the portal records it: the card from its charge. */
  function paymentOf(intent: Stripe.PaymentIntent, linkId: number, fallbackAt: number): ProviderPayment {
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    return {
      linkId,
      transactionId: intent.id,
      status: intent.status,
      amountCents: intent.amount_received || intent.amount,
      card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
      paidAt: toDate(charge?.created ?? fallbackAt),
    };
  }

  async function readPayment(event: EventShape, session: SessionShape): Promise<ProviderPayment | null> {
    const linkId = linkIdOf(session.metadata);
    // Only the event proves a link paid (payments.md, Paying); an unpaid completion (a delayed
    // method) is reported again by `async_payment_succeeded` once the money is there.
    if (session.payment_status !== 'paid' || linkId === undefined) return null;
    const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intentId || session.amount_total === null) {
      // Impossible for a paid session in payment mode; failing makes Stripe deliver it again
      // rather than the payment being lost.
      throw new Error(`Checkout Session ${session.id} is paid but has no payment intent or amount`);
    }
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    return { ...paymentOf(intent, linkId, event.created), amountCents: session.amount_total };
  }

  return {
    kind: 'stripe',

    async createCustomer(user) {
      const customer = await stripe.customers.create({
        email: user.email,
        name: user.name,
        metadata: { portal_user_id: String(user.id) },
      });
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        // Cards only (payments.md, Cards). The API version this package pins replaced
        // `payment_method_types` with `allowed_payment_method_types`.
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new Error(`Setup intent ${intent.id} came without a client secret`);
      return { clientSecret: intent.client_secret };
    },

    async retrieveCard(paymentMethodId): Promise<ProviderCard | undefined> {
      // An empty id would address the list of payment methods instead of one.
      if (!paymentMethodId) return undefined;
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(paymentMethodId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          return undefined;
        }
        throw error;
      }
      if (method.type !== 'card' || !method.card) return undefined;
      const customer = method.customer;
      return {
        id: method.id,
        customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },

    async createCheckoutSession(request: CheckoutRequest) {
      // Amounts are whole cents (payments.md, Money); Stripe would refuse anything else anyway.
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError(`Invalid amount in cents: ${request.amountCents}`);
      }
      const linkId = String(request.linkId);
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer: request.customerId,
        line_items: [
          {
            price_data: {
              // Every amount is in US dollars, whatever the billing details say (payments.md, Money).
              currency: 'usd',
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
            quantity: 1,
          },
        ],
        // On the session for its events, and on the payment it makes for Stripe's dashboard.
        metadata: { payment_link_id: linkId },
        payment_intent_data: { metadata: { payment_link_id: linkId } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error(`Checkout Session ${session.id} came without a URL`);
      return { id: session.id, url: session.url };
    },

    async chargeSavedCard(charge): Promise<SavedCardChargeResult> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: 'usd',
            customer: charge.customerId,
            payment_method: charge.paymentMethodId,
            description: charge.description,
            // Without the cardholder: the bank may decline, or ask for them (authentication_required).
            off_session: true,
            confirm: true,
            metadata: { payment_link_id: String(charge.linkId) },
            expand: ['latest_charge'],
          },
          { idempotencyKey: charge.idempotencyKey },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return error.code === 'authentication_required'
            ? { outcome: 'action_required' }
            : { outcome: 'declined', message: error.message };
        }
        throw error;
      }
      if (intent.status === 'succeeded') {
        return { outcome: 'paid', payment: paymentOf(intent, charge.linkId, Math.floor(charge.at.getTime() / 1000)) };
      }
      if (intent.status === 'requires_action') return { outcome: 'action_required' };
      if (intent.status === 'requires_payment_method') {
        return { outcome: 'declined', message: intent.last_payment_error?.message ?? 'Your card was declined.' };
      }
      // Processing: not an answer yet. The attempt stays claimed and is asked again with the
      // same key once the claim is stale, by when Stripe knows how it ended.
      throw new Error(`PaymentIntent ${intent.id} is ${intent.status}`);
    },

    async verifyEvent(rawBody, signature): Promise<ProviderEvent> {
      if (!signature) throw new WebhookSignatureError('The webhook has no Stripe-Signature header');
      let body: unknown;
      try {
        // The signature covers the exact bytes received: a parsed and re-serialised body never verifies.
        body = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError();
        // Verified, then not JSON.
        if (error instanceof SyntaxError) throw new WebhookEventError();
        throw error;
      }
      const event = eventShape.safeParse(body);
      if (!event.success) throw new WebhookEventError();
      const { id, type } = event.data;
      if (!PAYMENT_EVENTS.has(type)) return { id, type, payment: null };
      const session = sessionShape.safeParse(event.data.data.object);
      if (!session.success) throw new WebhookEventError();
      return { id, type, payment: await readPayment(event.data, session.data) };
    },

    async refundPayment({ transactionId, amountCents, idempotencyKey, metadata }) {
      if (amountCents !== undefined && (!Number.isSafeInteger(amountCents) || amountCents <= 0)) {
        throw new RangeError(`Invalid amount in cents: ${amountCents}`);
      }
      let refund: Stripe.Refund;
      try {
        // The key makes a retry (the SDK's own, or the portal's) the same refund, never a second one.
        refund = await stripe.refunds.create(
          { payment_intent: transactionId, ...(amountCents !== undefined && { amount: amountCents }), metadata },
          { idempotencyKey },
        );
      } catch (error) {
        throw refusalOf(error) ?? error;
      }
      // A card refund is `succeeded`, or `pending` while the money is on its way: made either way.
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new RefundRefusedError(
          `The refund ${refund.status}${refund.failure_reason ? ` (${refund.failure_reason})` : ''}`,
        );
      }
      return { id: refund.id };
    },

    async close() {
      // Nothing to release: the SDK's idle keep-alive sockets are shared by the process and never hold it open.
    },
  };
}
