import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, ROLE, type Campaign } from '@portal/contract';
import { auditLog, paymentLinks, providerEvents } from '../../db/schema';
import { createStripeProvider } from '../../adapters/payments/stripe-provider';
import { wizardOf } from '../../../test/campaigns';
import { signWebhook, startFakeStripe, stripeEvent, type FakeStripe } from '../../../test/fake-stripe';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { AUTO_PAY_JOB } from './auto-pay.service';

const SECRET_KEY = 'sk_test_portal';
const WEBHOOK_SECRET = 'whsec_portal';

/**
 * The payment path with Stripe (docs/product/payments.md): the official package, pointed at a
 * local server that answers as Stripe's API does, and webhooks signed as Stripe signs them.
 */
describe('payments with Stripe', () => {
  let t: TestApp, stripe: FakeStripe, adminToken: string;
  const wizard = wizardOf(() => t);

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY });
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        CARD_PUBLISHABLE_KEY: 'pk_test_portal',
      },
      payments: createStripeProvider({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        apiOptions: stripe.apiOptions,
      }),
    });
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

  const deliver = (event: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
    const { body, signature } = signWebhook(event, secret);
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: body,
    });
  };

  async function approvedCampaign() {
    const user = await t.createUser({ withBilling: true });
    const token = await t.login(user.email);
    const campaign = await wizard.createSubmitted(token, { budget_type: 'lifetime', budget_amount: 99.99 });
    await call('POST', `/api/update-campaign-approval-status/${campaign.id}`, adminToken, {
      approval_status: 'approved',
    });
    await t.app.events.dispatchPending();
    const row = ((await call('GET', '/api/customer/my-active-campaigns', token)).json().data as Campaign[])[0]!;
    return { user, token, campaignId: campaign.id, linkToken: row.payment_link_url!.split('/checkout/')[1]! };
  }

  const paymentsOf = async (token: string) => (await call('GET', '/api/my-payment-activities', token)).json();

  it('saves a card: a setup intent for the Stripe customer, then only a card of that customer', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    const intent = await call('POST', '/api/stripe/create-setup-intent', token);
    expect(intent.statusCode, intent.body).toBe(200);
    const customerId = stripe.lastRequest('POST', '/v1/setup_intents')!.body.customer!;
    expect(stripe.customers.get(customerId)?.email).toBe(user.email);
    // The second intent reuses the customer.
    await call('POST', '/api/stripe/create-setup-intent', token);
    expect(stripe.requests.filter((request) => request.path === '/v1/customers')).toHaveLength(1);

    const mine = stripe.addCard({
      customer: customerId,
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
    });
    const someoneElses = stripe.addCard({ customer: 'cus_other' });
    const refused = await call('POST', '/api/stripe/add-payment-method', token, { payment_method_id: someoneElses.id });
    expect(refused.statusCode).toBe(422);
    const saved = await call('POST', '/api/stripe/add-payment-method', token, { payment_method_id: mine.id });
    expect(saved.json()).toMatchObject({
      message: PAYMENT_MESSAGES.cardSaved,
      data: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031, status: 'active' },
    });
    // The sandbox's own form is not there with Stripe.
    const sandbox = await call('POST', '/api/sandbox/confirm-setup', token, { client_secret: 'x', card_number: '1' });
    expect(sandbox.statusCode).toBe(409);
  });

  it('pays through a Checkout Session and records the payment from the signed event, once', async () => {
    const { token, campaignId, linkToken } = await approvedCampaign();
    const session = await call('POST', `/api/checkout/${linkToken}/session`, token);
    expect(session.statusCode, session.body).toBe(200);
    const sent = stripe.lastRequest('POST', '/v1/checkout/sessions')!.body;
    expect(sent).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '9999',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/balance',
      cancel_url: `http://localhost:3000/checkout/${linkToken}`,
    });
    const sessionId = [...stripe.checkoutSessions.keys()].at(-1)!;
    expect(session.json().url).toBe(stripe.checkoutSessions.get(sessionId)!.url);

    // The page returning from Stripe proves nothing: only the event records the payment.
    expect((await paymentsOf(token)).pagination.total).toBe(0);
    const paidSession = stripe.payCheckoutSession(sessionId, { card: { brand: 'visa', last4: '1881' } });
    const event = stripeEvent('checkout.session.completed', paidSession);
    expect((await deliver(event)).statusCode).toBe(200);
    // Delivered again (Stripe retries): 200, and nothing more is recorded.
    expect((await deliver(event)).statusCode).toBe(200);

    const payments = await paymentsOf(token);
    expect(payments.pagination.total).toBe(1);
    expect(payments.data[0]).toMatchObject({
      transaction_id: paidSession.payment_intent,
      amount: 99.99,
      payment_method: 'Visa •••• 1881',
      status: 'succeeded',
      campaign_id: campaignId,
    });
    const row = ((await call('GET', '/api/customer/my-active-campaigns', token)).json().data as Campaign[])[0]!;
    expect(row).toMatchObject({ payment_status: 'paid', delivery_status: 'active', payment_link_url: null });

    // A second session's event for the same link (paid twice on Stripe's page) records nothing more.
    const later = stripeEvent('checkout.session.completed', paidSession, { id: 'evt_another' });
    expect((await deliver(later)).statusCode).toBe(200);
    expect((await paymentsOf(token)).pagination.total).toBe(1);
    expect((await call('POST', `/api/checkout/${linkToken}/session`, token)).statusCode).toBe(409);
  });

  it('refuses an event whose signature does not verify, and records nothing', async () => {
    const { token, linkToken } = await approvedCampaign();
    await call('POST', `/api/checkout/${linkToken}/session`, token);
    const sessionId = [...stripe.checkoutSessions.keys()].at(-1)!;
    const event = stripeEvent('checkout.session.completed', stripe.payCheckoutSession(sessionId));

    const wrongSecret = await deliver(event, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    expect(errorBody(wrongSecret).message).toBe(PAYMENT_MESSAGES.webhookSignature);
    const { body, signature } = signWebhook(event, WEBHOOK_SECRET);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: Buffer.from(body.toString().replace('"paid"', '"unpaid"')),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await paymentsOf(token)).pagination.total).toBe(0);

    // The same event, properly signed, still counts: a refused delivery marked nothing handled.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await paymentsOf(token)).pagination.total).toBe(1);
  });

  const archive = (token: string, campaignId: number) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/customer/my-campaigns/soft-delete',
      headers: bearer(token),
      payload: { campaign_ids: [campaignId] },
    });
  const linkOf = async (campaignId: number) =>
    (await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.campaignId, campaignId)))[0]!;
  const refundsOf = (intentId: unknown) =>
    [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId);

  it('refunds a session paid after its link was cancelled, and never marks the link paid', async () => {
    const { token, campaignId, linkToken } = await approvedCampaign();
    expect((await call('POST', `/api/checkout/${linkToken}/session`, token)).statusCode).toBe(200);
    const sessionId = [...stripe.checkoutSessions.keys()].at(-1)!;
    // The customer archives the campaign while Stripe's page is still open, then pays there.
    expect((await archive(token, campaignId)).statusCode).toBe(200);
    expect((await call('POST', `/api/checkout/${linkToken}/session`, token)).statusCode).toBe(409);
    const paidSession = stripe.payCheckoutSession(sessionId);

    // Refunding fails once: 503, and the event is left for Stripe to deliver again.
    stripe.fail({ method: 'POST', path: '/v1/refunds' }, { status: 500, error: { type: 'api_error' } }, 5);
    const event = stripeEvent('checkout.session.completed', paidSession);
    expect((await deliver(event)).statusCode).toBe(503);
    expect(await t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, event.id))).toEqual([]);

    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(refundsOf(paidSession.payment_intent)).toHaveLength(1);
    expect(refundsOf(paidSession.payment_intent)[0]).toMatchObject({ amount: 9999, status: 'succeeded' });
    expect((await linkOf(campaignId)).status).toBe('cancelled');
    expect((await paymentsOf(token)).pagination.total).toBe(0);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, campaignId));
    expect(audit.filter((row) => row.action === 'campaign.payment_refunded')).toHaveLength(1);
    expect(audit.some((row) => row.action === 'campaign.paid')).toBe(false);
  });

  it("refunds a second session's payment for a link already paid", async () => {
    const { token, linkToken } = await approvedCampaign();
    await call('POST', `/api/checkout/${linkToken}/session`, token);
    await call('POST', `/api/checkout/${linkToken}/session`, token);
    const [first, second] = [...stripe.checkoutSessions.keys()].slice(-2);
    const paidFirst = stripe.payCheckoutSession(first!);
    const paidSecond = stripe.payCheckoutSession(second!);
    expect((await deliver(stripeEvent('checkout.session.completed', paidFirst))).statusCode).toBe(200);
    expect((await deliver(stripeEvent('checkout.session.completed', paidSecond))).statusCode).toBe(200);

    const payments = await paymentsOf(token);
    expect(payments.data.map((row: { transaction_id: string }) => row.transaction_id)).toEqual([
      paidFirst.payment_intent,
    ]);
    expect(refundsOf(paidFirst.payment_intent)).toHaveLength(0);
    expect(refundsOf(paidSecond.payment_intent)).toHaveLength(1);
  });

  it('answers 400 to a correctly signed body that is not a readable event, and records nothing', async () => {
    const signed = (payload: string) => ({
      payload: Buffer.from(payload, 'utf8'),
      signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    });
    const { token, linkToken } = await approvedCampaign();
    await call('POST', `/api/checkout/${linkToken}/session`, token);
    const paid = stripe.payCheckoutSession([...stripe.checkoutSessions.keys()].at(-1)!);
    const completed = stripeEvent('checkout.session.completed', paid);
    const bodies = {
      'not JSON': signed('{"id": "evt_1", "type": '),
      'data null': signed(JSON.stringify({ ...completed, id: 'evt_data_null', data: null })),
      'an id with NUL': signed(JSON.stringify({ ...completed, id: 'evt_\u0000nul' })),
      'a session with no payment intent id': signed(
        JSON.stringify({ ...completed, id: 'evt_bad_intent', data: { object: { ...paid, payment_intent: {} } } }),
      ),
    };
    const before = await t.database.db.select().from(providerEvents);
    for (const [name, { payload, signature }] of Object.entries(bodies)) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect.soft(answer.statusCode, name).toBe(400);
      expect.soft(errorBody(answer).message, name).toBe(PAYMENT_MESSAGES.webhookMalformed);
    }
    expect(await t.database.db.select().from(providerEvents)).toEqual(before);
    expect((await paymentsOf(token)).pagination.total).toBe(0);
  });

  it('answers 503 with the documented toast text when Stripe cannot make a setup intent', async () => {
    const token = await t.login((await t.createUser()).email);
    stripe.fail({ method: 'POST', path: '/v1/setup_intents' }, { status: 500, error: { type: 'api_error' } }, 5);
    const answer = await call('POST', '/api/stripe/create-setup-intent', token);
    expect(answer.statusCode).toBe(503);
    expect(errorBody(answer).message).toBe(PAYMENT_MESSAGES.setupIntentFailed);
  });

  it("lets pages load Stripe's script and reach its API, and tells the page which card form to show", async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = answer.headers['content-security-policy'] as string;
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    expect(t.config.publicSettings.paymentProvider).toBe('stripe');
  });

  describe('automatic payment', () => {
    /** A customer whose saved Stripe card charges off-session as told, paying automatically. */
    async function payingAutomatically(offSession: 'succeeds' | 'declines' | 'asks_authentication') {
      const user = await t.createUser({ withBilling: true });
      const token = await t.login(user.email);
      await call('POST', '/api/stripe/create-setup-intent', token);
      const customerId = stripe.lastRequest('POST', '/v1/setup_intents')!.body.customer!;
      const card = stripe.addCard({ customer: customerId, last4: '4242', offSession });
      await call('POST', '/api/stripe/add-payment-method', token, { payment_method_id: card.id });
      expect((await call('POST', '/api/customer/auto-pay', token, { enabled: true })).statusCode).toBe(200);
      t.clock.advance(1000);
      const campaign = await wizard.createSubmitted(token, { budget_type: 'lifetime', budget_amount: 99.99 });
      await call('POST', `/api/update-campaign-approval-status/${campaign.id}`, adminToken, {
        approval_status: 'approved',
      });
      await t.app.events.dispatchPending();
      await t.app.jobs.runNow(AUTO_PAY_JOB);
      await t.app.events.dispatchPending();
      return { token, card, customerId, campaignId: campaign.id };
    }

    it('charges the default card off-session with a key per attempt, and records the payment', async () => {
      const { token, card, customerId, campaignId } = await payingAutomatically('succeeds');
      const sent = stripe.lastRequest('POST', '/v1/payment_intents')!;
      expect(sent.body).toMatchObject({
        amount: '9999',
        currency: 'usd',
        customer: customerId,
        payment_method: card.id,
        off_session: 'true',
        confirm: 'true',
      });
      const [link] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.campaignId, campaignId));
      expect(sent.body['metadata[payment_link_id]']).toBe(String(link!.id));
      expect(sent.headers['idempotency-key']).toBe(`portal-auto-${link!.id}-1`);
      const [payment] = (await paymentsOf(token)).data;
      expect(payment).toMatchObject({ amount: 99.99, status: 'succeeded', payment_method: 'Visa •••• 4242' });
      expect(stripe.paymentIntents.get(payment.transaction_id)?.status).toBe('succeeded');
      expect(link!.status).toBe('paid');
    });

    it('leaves the link open on a decline, and stops at a request for the cardholder', async () => {
      const declined = await payingAutomatically('declines');
      const [declinedLink] = await t.database.db
        .select()
        .from(paymentLinks)
        .where(eq(paymentLinks.campaignId, declined.campaignId));
      expect([declinedLink!.status, declinedLink!.autoOutcome, declinedLink!.autoAttempts]).toEqual([
        'open',
        'declined',
        1,
      ]);
      expect((await paymentsOf(declined.token)).data).toEqual([]);

      const held = await payingAutomatically('asks_authentication');
      const [heldLink] = await t.database.db
        .select()
        .from(paymentLinks)
        .where(eq(paymentLinks.campaignId, held.campaignId));
      expect([heldLink!.status, heldLink!.autoOutcome]).toEqual(['open', 'action_required']);
    });
  });
});
