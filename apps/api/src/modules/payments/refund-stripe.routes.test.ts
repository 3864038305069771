import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { REFUND_MESSAGES, ROLE } from '@portal/contract';
import { createStripeProvider } from '../../adapters/payments/stripe-provider';
import { auditLog, domainEvents, paymentRefunds, payments, type PaymentRow } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { insertPayments } from '../../../test/payment-rows';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { REFUND_JOBS } from './refund.service';

const SECRET_KEY = 'sk_test_portal';

/**
 * Refunds through Stripe (docs/product/payments.md, Refunds; decision 030): the official package
 * against a local server that answers as Stripe's API does.
 */
describe('refunds with Stripe', () => {
  let t: TestApp, stripe: FakeStripe, adminToken: string;

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY });
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: 'whsec_portal',
        CARD_PUBLISHABLE_KEY: 'pk_test_portal',
      },
      payments: createStripeProvider({
        secretKey: SECRET_KEY,
        webhookSecret: 'whsec_portal',
        apiOptions: stripe.apiOptions,
      }),
    });
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(() => t.clock.set('2026-11-20T10:00:00.000Z'));

  /** A payment of $99.99 that Stripe took (its payment intent is the fake's). */
  async function stripePayment(): Promise<PaymentRow> {
    const intent = stripe.addPaymentIntent({ amount: 9_999 });
    const [payment] = await insertPayments(t, await t.createUser(), [
      { provider: 'stripe', transactionId: intent.id, amountCents: 9_999 },
    ]);
    return payment!;
  }
  const refund = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/payments/${id}/refunds`, headers: bearer(adminToken), payload });
  const refundsAtStripe = (payment: PaymentRow) =>
    [...stripe.refunds.values()].filter((made) => made.payment_intent === payment.transactionId);
  const rowOf = async (payment: PaymentRow) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!;
  const refundRows = (payment: PaymentRow) =>
    t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
  const eventsOf = async (payment: PaymentRow) =>
    (await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'payment.refunded'))).filter(
      (event) => event.payload.paymentId === payment.id,
    );

  it("refunds the amount asked, keyed by the refund's id, and keeps Stripe's refund id", async () => {
    const payment = await stripePayment();
    const answer = await refund(payment.id, { amount: 25, reason: 'Goodwill' });
    expect(answer.statusCode, answer.body).toBe(200);
    const refundId = answer.json().data.refund.id as number;
    const request = stripe.lastRequest('POST', '/v1/refunds')!;
    expect(request.body).toEqual({
      payment_intent: payment.transactionId,
      amount: '2500',
      'metadata[portal_payment_id]': String(payment.id),
      'metadata[portal_refund_id]': String(refundId),
    });
    expect(request.headers['idempotency-key']).toBe(`portal-payment-refund-${refundId}`);
    const [made] = refundsAtStripe(payment);
    expect(made).toMatchObject({ amount: 2_500, status: 'succeeded' });
    expect(await refundRows(payment)).toEqual([
      expect.objectContaining({ id: refundId, status: 'succeeded', providerRefundId: made!.id }),
    ]);
    expect(await rowOf(payment)).toMatchObject({ refundedCents: 2_500, refundPendingCents: 0 });
  });

  it("answers 502 with Stripe's words when it refuses, and leaves nothing refunded and the amount free", async () => {
    const payment = await stripePayment();
    const disputed = { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is disputed.' };
    stripe.fail({ method: 'POST', path: '/v1/refunds' }, { status: 400, error: disputed });
    const answer = await refund(payment.id, { amount: 99.99, reason: 'Duplicate' });
    expect(answer.statusCode).toBe(502);
    expect(errorBody(answer)).toEqual({ message: REFUND_MESSAGES.refused('This charge is disputed.') });

    expect(refundsAtStripe(payment)).toEqual([]);
    expect(await rowOf(payment)).toMatchObject({ refundedCents: 0, refundPendingCents: 0 });
    expect(await refundRows(payment)).toEqual([
      expect.objectContaining({ status: 'failed', failure: 'This charge is disputed.', providerRefundId: null }),
    ]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, payment.campaignId));
    expect(audit.map((row) => row.action)).toEqual(['payment.refund_failed']);
    await t.app.events.dispatchPending();
    expect(await eventsOf(payment)).toEqual([]);

    // The whole amount is free again.
    expect((await refund(payment.id, { amount: 99.99, reason: 'Duplicate' })).statusCode).toBe(200);
    expect(refundsAtStripe(payment)).toHaveLength(1);
  });

  it('keeps a refund Stripe did not answer pending, holding its amount, until the job asks again with the same key', async () => {
    const payment = await stripePayment();
    // The call and the SDK's two retries all fail: whether Stripe made the refund is unknown.
    stripe.fail({ method: 'POST', path: '/v1/refunds' }, { status: 500, error: { type: 'api_error' } }, 3);
    const answer = await refund(payment.id, { amount: 60, reason: 'Campaign stopped' });
    expect(answer.statusCode).toBe(503);
    expect(errorBody(answer)).toEqual({ message: REFUND_MESSAGES.pending });
    const [pending] = await refundRows(payment);
    expect(pending).toMatchObject({ status: 'pending', amountCents: 6_000 });
    expect(await rowOf(payment)).toMatchObject({ refundedCents: 0, refundPendingCents: 6_000 });
    const admin = (
      await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: bearer(adminToken) })
    ).json();
    expect(admin.data.find((row: { id: number }) => row.id === payment.id)).toMatchObject({
      refunded: 0,
      refundable: 39.99,
      status: 'succeeded',
    });
    // What it holds cannot be refunded again meanwhile.
    const tooMuch = await refund(payment.id, { amount: 40, reason: 'The rest' });
    expect(errorBody(tooMuch).errors).toEqual({
      amount: ['The amount cannot be more than the $39.99 left to refund'],
    });

    // In fact Stripe made it: its answer was lost. Asked again under the same key, it is that one.
    const sdk = new Stripe(SECRET_KEY, { ...stripe.apiOptions });
    await sdk.refunds.create(
      { payment_intent: payment.transactionId, amount: 6_000 },
      { idempotencyKey: `portal-payment-refund-${pending!.id}` },
    );
    // Too soon: the request that asked may still be waiting for its answer.
    await t.app.jobs.runNow(REFUND_JOBS.settle);
    expect((await refundRows(payment))[0]!.status).toBe('pending');
    t.clock.set('2026-11-20T10:06:00.000Z');
    await t.app.jobs.runNow(REFUND_JOBS.settle);
    await t.app.jobs.runNow(REFUND_JOBS.settle);

    expect(refundsAtStripe(payment)).toHaveLength(1);
    expect(await refundRows(payment)).toEqual([
      expect.objectContaining({ status: 'succeeded', providerRefundId: refundsAtStripe(payment)[0]!.id }),
    ]);
    expect(await rowOf(payment)).toMatchObject({ refundedCents: 6_000, refundPendingCents: 0 });
    await t.app.events.dispatchPending();
    expect((await eventsOf(payment)).map((event) => event.payload)).toEqual([
      { paymentId: payment.id, refundId: pending!.id, amountCents: 6_000, reason: 'Campaign stopped' },
    ]);
  });

  it('refuses a payment the sandbox took, which Stripe cannot give back (409), holding nothing', async () => {
    const [payment] = await insertPayments(t, await t.createUser(), [{ provider: 'sandbox' }]);
    const asked = stripe.requests.length;
    const answer = await refund(payment!.id, { amount: 10, reason: 'Goodwill' });
    expect(answer.statusCode).toBe(409);
    expect(errorBody(answer)).toEqual({ message: REFUND_MESSAGES.otherProvider });
    expect(stripe.requests.length).toBe(asked);
    expect(await refundRows(payment!)).toEqual([]);
    expect(await rowOf(payment!)).toMatchObject({ refundedCents: 0, refundPendingCents: 0 });
  });

  it('leaves a refund pending for more than a day to an administrator: its key may be forgotten', async () => {
    const payment = await stripePayment();
    stripe.fail({ method: 'POST', path: '/v1/refunds' }, { status: 500, error: { type: 'api_error' } }, 3);
    expect((await refund(payment.id, { amount: 10, reason: 'Late' })).statusCode).toBe(503);
    t.clock.set('2026-11-21T10:00:00.000Z');
    const asked = stripe.requests.length;
    await t.app.jobs.runNow(REFUND_JOBS.settle);
    expect(stripe.requests.length).toBe(asked);
    expect((await refundRows(payment))[0]!.status).toBe('pending');
  });
});
