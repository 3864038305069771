import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, startFakeStripe, stripeEvent, type FakeStripe } from '../../../test/fake-stripe';
import { RefundRefusedError, WebhookSignatureError, type StripePaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

// The real `stripe` package against a local fake of Stripe's API (test/fake-stripe.ts).
const secretKey = 'sk_test_portal';
const webhookSecret = 'whsec_portal_test';
let fake: FakeStripe;
let stripe: StripePaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey });
  stripe = createStripeProvider({ secretKey, webhookSecret, apiOptions: fake.apiOptions });
});
afterAll(async () => {
  await stripe?.close();
  await fake?.close();
});

const checkout = {
  linkId: 7,
  customerId: 'cus_portal7',
  description: 'Spring sale: 7 days of a $25.00 daily budget',
  amountCents: 17_500,
  successUrl: 'https://portal.example.com/campaigns?paid=7',
  cancelUrl: 'https://portal.example.com/campaigns',
};

describe('Stripe provider requests', () => {
  it('creates a customer for a portal user, with its id in the metadata and the secret key', async () => {
    const id = await stripe.createCustomer({ id: 42, email: 'ada@example.com', name: 'Ada Lovelace' });
    expect(id).toMatch(/^cus_/);
    expect(fake.customers.has(id)).toBe(true);
    const request = fake.lastRequest('POST', '/v1/customers');
    expect(request?.body).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      'metadata[portal_user_id]': '42',
    });
    expect(request?.headers.authorization).toBe(`Bearer ${secretKey}`);
  });

  it('creates a setup intent for cards only, for the customer, and answers its client secret', async () => {
    const { clientSecret } = await stripe.createSetupIntent('cus_portal7');
    const intent = [...fake.setupIntents.values()].at(-1);
    expect(clientSecret).toBe(intent?.client_secret);
    expect(clientSecret).toMatch(/^seti_.+_secret_/);
    expect(fake.lastRequest('POST', '/v1/setup_intents')?.body).toEqual({
      customer: 'cus_portal7',
      'allowed_payment_method_types[0]': 'card',
    });
  });

  it('reads a saved card: brand, last four digits, expiry and customer', async () => {
    const method = fake.addCard({
      customer: 'cus_portal7',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 9,
      expYear: 2031,
    });
    expect(await stripe.retrieveCard(method.id)).toEqual({
      id: method.id,
      customerId: 'cus_portal7',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 9,
      expYear: 2031,
    });
    expect(fake.lastRequest('GET', `/v1/payment_methods/${method.id}`)).toBeDefined();

    const detached = fake.addCard({ customer: null });
    expect(await stripe.retrieveCard(detached.id)).toMatchObject({ customerId: null, brand: 'visa', last4: '4242' });
  });

  it('knows no card for an unknown id, a payment method that is not a card, or an empty id', async () => {
    expect(await stripe.retrieveCard('pm_unknown')).toBeUndefined();
    // The answer came from the fake's 404, not from a request that never left.
    expect(fake.lastRequest('GET', '/v1/payment_methods/pm_unknown')).toBeDefined();

    fake.paymentMethods.set('pm_bank', {
      id: 'pm_bank',
      object: 'payment_method',
      type: 'us_bank_account',
      customer: 'cus_portal7',
      us_bank_account: { last4: '6789' },
    });
    expect(await stripe.retrieveCard('pm_bank')).toBeUndefined();
    expect(await stripe.retrieveCard('')).toBeUndefined();
  });

  it('lets other Stripe errors through', async () => {
    const card = fake.addCard({ customer: 'cus_portal7' });
    fake.fail(
      { method: 'GET', path: `/v1/payment_methods/${card.id}` },
      { status: 400, error: { type: 'invalid_request_error', code: 'parameter_invalid_empty', message: 'Invalid id' } },
    );
    await expect(stripe.retrieveCard(card.id)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(await stripe.retrieveCard(card.id)).toMatchObject({ id: card.id });

    const wrongKey = createStripeProvider({ secretKey: 'sk_test_other', webhookSecret, apiOptions: fake.apiOptions });
    await expect(wrongKey.retrieveCard(card.id)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('creates a Checkout Session for a payment link: the amount in cents, in dollars, for its customer', async () => {
    const session = await stripe.createCheckoutSession(checkout);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    expect(fake.lastRequest('POST', '/v1/checkout/sessions')?.body).toEqual({
      mode: 'payment',
      customer: 'cus_portal7',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '17500',
      'line_items[0][price_data][product_data][name]': 'Spring sale: 7 days of a $25.00 daily budget',
      'line_items[0][quantity]': '1',
      'metadata[payment_link_id]': '7',
      'payment_intent_data[metadata][payment_link_id]': '7',
      success_url: 'https://portal.example.com/campaigns?paid=7',
      cancel_url: 'https://portal.example.com/campaigns',
    });
    expect(fake.checkoutSessions.get(session.id)).toMatchObject({ amount_total: 17_500, currency: 'usd' });
  });

  it('refunds a payment in full or in part, once per idempotency key', async () => {
    const intent = fake.addPaymentIntent({ amount: 9_999 });
    const part = { transactionId: intent.id, amountCents: 2_500, idempotencyKey: 'portal-refund-17' };
    const first = await stripe.refundPayment({ ...part, metadata: { portal_refund_id: '17' } });
    expect(first.id).toMatch(/^re_/);
    expect(fake.lastRequest('POST', '/v1/refunds')).toMatchObject({
      body: { payment_intent: intent.id, amount: '2500', 'metadata[portal_refund_id]': '17' },
      headers: { 'idempotency-key': 'portal-refund-17' },
    });
    // Asked again with the same key (a retry, the job settling it): the same refund, not a second.
    expect(await stripe.refundPayment(part)).toEqual(first);
    const rest = await stripe.refundPayment({ transactionId: intent.id, idempotencyKey: 'portal-refund-18' });
    const refunds = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent.id);
    expect(refunds.map((refund) => [refund.id, refund.amount])).toEqual([
      [first.id, 2_500],
      [rest.id, 7_499],
    ]);
  });

  it("reports Stripe's refusals as such, with its words, and leaves other failures unknown", async () => {
    const intent = fake.addPaymentIntent({ amount: 1_000 });
    const tooMuch = stripe.refundPayment({ transactionId: intent.id, amountCents: 1_001, idempotencyKey: 'k-1' });
    await expect(tooMuch).rejects.toBeInstanceOf(RefundRefusedError);
    await expect(tooMuch).rejects.toMatchObject({
      message: 'Refund amount ($10.01) is greater than unrefunded amount on charge ($10.00)',
      alreadyRefunded: false,
    });
    await stripe.refundPayment({ transactionId: intent.id, idempotencyKey: 'k-2' });
    // Refunded in full already (from Stripe's dashboard, or by a call whose key Stripe forgot).
    await expect(stripe.refundPayment({ transactionId: intent.id, idempotencyKey: 'k-3' })).rejects.toMatchObject({
      name: 'RefundRefusedError',
      alreadyRefunded: true,
    });
    // A server error says nothing of whether the refund was made: not a refusal.
    // Three answers: the call and the SDK's two retries.
    fake.fail({ method: 'POST', path: '/v1/refunds' }, { status: 500, error: { type: 'api_error' } }, 3);
    const failed = stripe.refundPayment({ transactionId: intent.id, amountCents: 1, idempotencyKey: 'k-4' });
    await expect(failed).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(
      stripe.refundPayment({ transactionId: intent.id, amountCents: 2.5, idempotencyKey: 'k-5' }),
    ).rejects.toThrow(RangeError);
  });

  it('refuses an amount that is not whole cents before asking Stripe', async () => {
    const before = fake.requests.length;
    await expect(stripe.createCheckoutSession({ ...checkout, amountCents: 175.5 })).rejects.toThrow(RangeError);
    await expect(stripe.createCheckoutSession({ ...checkout, amountCents: 0 })).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(before);
  });
});

describe('Stripe provider events', () => {
  /** A session created through the provider and paid on the fake, as Stripe's page would. */
  async function paidSession(card: { brand: string; last4: string } | null = { brand: 'visa', last4: '4242' }) {
    const { id } = await stripe.createCheckoutSession(checkout);
    return fake.payCheckoutSession(id, { card, chargeCreated: 1_900_000_000 });
  }

  it.each(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])(
    'read a signed %s of a paid session as the payment of its link',
    async (type) => {
      const session = await paidSession();
      const event = stripeEvent(type, session, { created: 1_900_000_100 });
      const { body, signature } = signWebhook(event, webhookSecret);
      expect(await stripe.verifyEvent(body, signature)).toEqual({
        id: event.id,
        type,
        payment: {
          linkId: 7,
          transactionId: session.payment_intent,
          status: 'succeeded',
          amountCents: 17_500,
          card: { brand: 'visa', last4: '4242' },
          paidAt: new Date(1_900_000_000 * 1000),
        },
      });
      const read = fake.lastRequest('GET', `/v1/payment_intents/${String(session.payment_intent)}`);
      expect(read?.query).toEqual({ 'expand[0]': 'latest_charge' });
      // The payment intent carries the link too, for whoever reads it in Stripe's dashboard.
      expect(fake.paymentIntents.get(String(session.payment_intent))?.metadata).toEqual({ payment_link_id: '7' });
    },
  );

  it('give no card when the charge has none, and the event date when there is no charge', async () => {
    const session = await paidSession(null);
    const event = stripeEvent('checkout.session.completed', session);
    const { body, signature } = signWebhook(event, webhookSecret);
    expect((await stripe.verifyEvent(body, signature)).payment).toMatchObject({ card: null, amountCents: 17_500 });

    const intent = fake.addPaymentIntent({ amount: 17_500, withCharge: false });
    const chargeless = stripeEvent(
      'checkout.session.completed',
      { ...session, payment_intent: intent.id },
      { created: 1_900_000_100 },
    );
    const delivery = signWebhook(chargeless, webhookSecret);
    expect((await stripe.verifyEvent(delivery.body, delivery.signature)).payment).toMatchObject({
      transactionId: intent.id,
      card: null,
      paidAt: new Date(1_900_000_100 * 1000),
    });
  });

  it('report no payment for an unpaid session, a session without a link, or another event', async () => {
    const { id } = await stripe.createCheckoutSession(checkout);
    const open = fake.checkoutSessions.get(id)!;
    const paid = await paidSession();
    const events = [
      stripeEvent('checkout.session.completed', { ...open, status: 'complete', payment_status: 'unpaid' }),
      stripeEvent('checkout.session.completed', { ...paid, metadata: {} }),
      stripeEvent('checkout.session.completed', { ...paid, metadata: { payment_link_id: 'seven' } }),
      stripeEvent('checkout.session.expired', open),
      stripeEvent('payment_intent.succeeded', fake.paymentIntents.get(String(paid.payment_intent))!),
    ];
    const before = fake.requests.length;
    for (const event of events) {
      const { body, signature } = signWebhook(event, webhookSecret);
      expect(await stripe.verifyEvent(body, signature)).toEqual({ id: event.id, type: event.type, payment: null });
    }
    expect(fake.requests.length).toBe(before);
  });

  it('refuse a tampered body, another secret, a missing signature and an old delivery', async () => {
    const event = stripeEvent('checkout.session.completed', await paidSession());
    const { body, signature } = signWebhook(event, webhookSecret);
    const tampered = Buffer.from(body.toString('utf8').replace('17500', '1'), 'utf8');
    expect(tampered.equals(body)).toBe(false);
    await expect(stripe.verifyEvent(tampered, signature)).rejects.toBeInstanceOf(WebhookSignatureError);

    const forged = signWebhook(event, 'whsec_someone_else');
    await expect(stripe.verifyEvent(forged.body, forged.signature)).rejects.toBeInstanceOf(WebhookSignatureError);

    await expect(stripe.verifyEvent(body, undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(stripe.verifyEvent(body, '')).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(stripe.verifyEvent(body, 'garbage')).rejects.toBeInstanceOf(WebhookSignatureError);

    // Stripe's default tolerance is five minutes: a replayed delivery from an hour ago is refused.
    const old = signWebhook(event, webhookSecret, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    await expect(stripe.verifyEvent(old.body, old.signature)).rejects.toBeInstanceOf(WebhookSignatureError);

    // The genuine delivery still verifies: the refusals above are the signature's, not the event's.
    await expect(stripe.verifyEvent(body, signature)).resolves.toMatchObject({ id: event.id });
  });
});
