import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CARD_MESSAGES, PAYMENT_MESSAGES, ROLE, type Campaign } from '@portal/contract';
import { paymentLinks, sandboxCharges } from '../../db/schema';
import { approveCampaign, wizardOf } from '../../../test/campaigns';
import { SANDBOX_CARDS, saveSandboxCard } from '../../../test/payments';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { AUTO_PAY_JOB } from './auto-pay.service';
import { PAYMENT_JOBS } from './payment-periods.service';

const { visa: GOOD_CARD, mastercard: MASTERCARD, declined: DECLINED_CARD } = SANDBOX_CARDS;
const AUTHENTICATION_CARD = SANDBOX_CARDS.asksAuthentication;

/** Automatic payment in the sandbox (docs/product/payments.md, Automatic payment). */
describe('automatic payment', () => {
  let t: TestApp, adminToken: string;
  const wizard = wizardOf(() => t);

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://ads.example.com' } });
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set('2026-11-20T10:00:00.000Z'));

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

  const newCustomer = async () => {
    const user = await t.createUser({ withBilling: true });
    return { id: user.id, email: user.email, token: await t.login(user.email, undefined, { remember: true }) };
  };

  const saveCard = (token: string, card = SANDBOX_CARDS.visa) => saveSandboxCard(t, token, card);

  /** A customer paying automatically with this card. */
  async function payingAutomatically(card = GOOD_CARD) {
    const customer = await newCustomer();
    await saveCard(customer.token, card);
    const switched = await call('POST', '/api/customer/auto-pay', customer.token, { enabled: true });
    expect(switched.statusCode, switched.body).toBe(200);
    return customer;
  }

  /** Approves a campaign, then lets automatic payment's round and the events that follow run. */
  async function approvedAndCharged(token: string, change: Record<string, unknown> = {}) {
    const campaign = await wizard.createSubmitted(token, change);
    await approveCampaign(t, adminToken, campaign.id);
    await chargeRound();
    return campaign.id;
  }

  const chargeRound = async () => {
    await t.app.jobs.runNow(AUTO_PAY_JOB);
    await t.app.events.dispatchPending();
  };

  const listed = async (token: string, id: number) =>
    ((await call('GET', '/api/customer/my-active-campaigns', token)).json().data as Campaign[]).find(
      (row) => row.id === id,
    )!;
  const activities = async (token: string) => (await call('GET', '/api/my-payment-activities', token)).json().data;
  const notices = async (token: string) =>
    ((await call('GET', '/api/my-notifications', token)).json().data as { message: string }[]).map(
      ({ message }) => message,
    );
  const linkOf = async (campaignId: number) =>
    (await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.campaignId, campaignId))).at(-1)!;

  describe('the default card and the switch', () => {
    it('makes the first card the default, lets another be chosen, and refuses cards not the account’s', async () => {
      const customer = await newCustomer();
      const first = await saveCard(customer.token);
      expect(first.is_default).toBe(true);
      const second = await saveCard(customer.token, MASTERCARD);
      expect(second.is_default).toBe(false);

      const chosen = await call('POST', `/api/customer/payment-methods/${second.id}/default`, customer.token);
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json()).toMatchObject({ message: PAYMENT_MESSAGES.defaultCardSet, data: { is_default: true } });
      const cards = (await call('GET', '/api/stripe/get-payment-methods', customer.token)).json().data;
      expect(cards.map((card: { id: number; is_default: boolean }) => [card.id, card.is_default])).toEqual([
        [second.id, true],
        [first.id, false],
      ]);

      const other = await newCustomer();
      for (const id of [String(first.id), '999999']) {
        const refused = await call('POST', `/api/customer/payment-methods/${id}/default`, other.token);
        expect(refused.statusCode).toBe(404);
        expect(errorBody(refused).message).toBe(PAYMENT_MESSAGES.paymentMethodUnknown);
      }
      const bad = await call('POST', '/api/customer/payment-methods/abc/default', customer.token);
      expect(bad.statusCode).toBe(404);
    });

    it('turns on only with a default card, and shows on the balance', async () => {
      const customer = await newCustomer();
      const refused = await call('POST', '/api/customer/auto-pay', customer.token, { enabled: true });
      expect(refused.statusCode).toBe(422);
      expect(errorBody(refused).errors).toEqual({ enabled: [PAYMENT_MESSAGES.autoPayNeedsCard] });
      for (const body of [{}, { enabled: 5 }, { enabled: null }, { enabled: 'maybe' }]) {
        const bad = await call('POST', '/api/customer/auto-pay', customer.token, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      }

      const card = await saveCard(customer.token);
      const on = await call('POST', '/api/customer/auto-pay', customer.token, { enabled: 'true' });
      expect(on.json()).toEqual({
        message: PAYMENT_MESSAGES.autoPayOn,
        data: { auto_pay: true, default_payment_method_id: card.id },
      });
      expect((await call('GET', '/api/customer/balance', customer.token)).json().data.auto_pay).toBe(true);
      const off = await call('POST', '/api/customer/auto-pay', customer.token, { enabled: false });
      expect(off.json().data.auto_pay).toBe(false);
      expect((await call('GET', '/api/customer/balance', customer.token)).json().data.auto_pay).toBe(false);
    });
  });

  describe('charges the default card', () => {
    it('when a lifetime campaign is approved: paid without opening its link, with a receipt', async () => {
      const customer = await payingAutomatically();
      const id = await approvedAndCharged(customer.token, { budget_type: 'lifetime', budget_amount: 175 });

      const row = await listed(customer.token, id);
      expect(row.payment_status).toBe('paid');
      expect(row.payment_link_url).toBeNull();
      const [payment] = await activities(customer.token);
      expect(payment).toMatchObject({ amount: 175, payment_method: 'Visa •••• 4242', campaign_id: id });
      expect((await linkOf(id)).status).toBe('paid');
      const mail = await t.mail();
      expect(mail.some((message) => message.to === customer.email && /^Receipt R-/.test(message.subject))).toBe(true);
      // Charged once: another round finds nothing to do.
      await chargeRound();
      expect(await activities(customer.token)).toHaveLength(1);
    });

    it('at each new daily period, without asking for it', async () => {
      const customer = await payingAutomatically();
      const id = await approvedAndCharged(customer.token, { budget_type: 'daily', budget_amount: 10 });
      expect((await listed(customer.token, id)).payment_status).toBe('paid');

      t.clock.set('2026-11-27T10:00:01.000Z');
      await t.app.jobs.runNow(PAYMENT_JOBS.renew);
      await t.app.events.dispatchPending();
      // Charged rather than asked: no "pay for the next 7 days" notice or e-mail.
      expect((await notices(customer.token)).some((text) => text.includes('paid week'))).toBe(false);
      await chargeRound();
      expect((await listed(customer.token, id)).payment_status).toBe('paid');
      const paid = await activities(customer.token);
      expect(paid.map((payment: { amount: number }) => payment.amount)).toEqual([70, 70]);
      const mail = await t.mail();
      expect(mail.some((message) => message.to === customer.email && /pay for/.test(message.subject))).toBe(false);
    });

    it('only for amounts that fall due after it is turned on', async () => {
      const customer = await newCustomer();
      await saveCard(customer.token);
      const campaign = await wizard.createSubmitted(customer.token, { budget_type: 'lifetime', budget_amount: 50 });
      await approveCampaign(t, adminToken, campaign.id);
      t.clock.advance(60_000);
      await call('POST', '/api/customer/auto-pay', customer.token, { enabled: true });
      await chargeRound();
      expect((await listed(customer.token, campaign.id)).payment_status).toBe('unpaid');
    });

    it('never for a campaign archived before the round', async () => {
      const customer = await payingAutomatically();
      const campaign = await wizard.createSubmitted(customer.token, { budget_type: 'lifetime', budget_amount: 50 });
      // The approval's round is held back until the archive is done.
      const decided = await call('POST', `/api/update-campaign-approval-status/${campaign.id}`, adminToken, {
        approval_status: 'approved',
      });
      expect(decided.statusCode).toBe(200);
      const archived = await t.app.inject({
        method: 'DELETE',
        url: '/api/customer/my-campaigns/soft-delete',
        headers: bearer(customer.token),
        payload: { campaign_ids: [campaign.id] },
      });
      expect(archived.statusCode, archived.body).toBe(200);
      await t.app.events.dispatchPending();
      await chargeRound();
      expect(await activities(customer.token)).toEqual([]);
    });
  });

  describe('when the charge does not go through', () => {
    it('retries a declined card once a day for 3 days, then pauses the campaign; paying by hand resumes it', async () => {
      const customer = await payingAutomatically(DECLINED_CARD);
      const id = await approvedAndCharged(customer.token, { budget_type: 'lifetime', budget_amount: 20 });
      expect((await linkOf(id)).autoAttempts).toBe(1);
      expect(await notices(customer.token)).toContain(
        'The automatic payment of $20.00 for "Spring launch" was declined: we will try your default card again on 21 Nov 2026, or pay now with another card',
      );
      const declinedMail = (await t.mail()).find(
        (message) =>
          message.to === customer.email && message.subject.startsWith('Spring launch: automatic payment not made'),
      )!;
      expect(declinedMail.text).toMatch(/https:\/\/ads\.example\.com\/checkout\//);

      // Not again the same day.
      await chargeRound();
      expect((await linkOf(id)).autoAttempts).toBe(1);
      for (const day of ['21', '22', '23']) {
        t.clock.set(`2026-11-${day}T10:00:01.000Z`);
        await chargeRound();
      }
      const link = await linkOf(id);
      expect([link.autoAttempts, link.autoOutcome, link.status]).toEqual([4, 'paused', 'open']);
      expect((await listed(customer.token, id)).on_off).toBe('off');
      expect((await notices(customer.token))[0]).toBe(
        'The automatic payment of $20.00 for "Spring launch" was declined again, and the campaign is paused: pay its link by hand to start it again',
      );
      t.clock.set('2026-11-24T10:00:01.000Z');
      await chargeRound();
      expect((await linkOf(id)).autoAttempts).toBe(4);

      const paid = await call('POST', `/api/checkout/${link.token}/pay`, customer.token, GOOD_CARD);
      expect(paid.statusCode, paid.body).toBe(200);
      const row = await listed(customer.token, id);
      expect([row.payment_status, row.on_off, row.delivery_status]).toEqual(['paid', 'on', 'active']);
    });

    it('asks the cardholder when the bank wants them, and tries no more', async () => {
      const customer = await payingAutomatically(AUTHENTICATION_CARD);
      const id = await approvedAndCharged(customer.token, { budget_type: 'lifetime', budget_amount: 30 });
      const link = await linkOf(id);
      expect([link.autoAttempts, link.autoOutcome, link.status]).toEqual([1, 'action_required', 'open']);
      expect(await notices(customer.token)).toContain(
        'Your bank asks you to confirm the payment of $30.00 for "Spring launch": open its payment link to pay',
      );
      const mail = (await t.mail()).find(
        (message) =>
          message.to === customer.email && message.subject.startsWith('Spring launch: automatic payment not made'),
      )!;
      expect(mail.text).toContain(`https://ads.example.com/checkout/${link.token}`);
      t.clock.set('2026-11-22T10:00:00.000Z');
      await chargeRound();
      expect((await linkOf(id)).autoAttempts).toBe(1);
      // On the payment page, with the cardholder, the same card pays.
      const paid = await call('POST', `/api/checkout/${link.token}/pay`, customer.token, AUTHENTICATION_CARD);
      expect(paid.statusCode, paid.body).toBe(200);
    });

    it('refuses a payment by hand while an automatic one is under way', async () => {
      const customer = await newCustomer();
      const campaign = await wizard.createSubmitted(customer.token, { budget_type: 'lifetime', budget_amount: 40 });
      await approveCampaign(t, adminToken, campaign.id);
      const link = await linkOf(campaign.id);
      await t.database.db
        .update(paymentLinks)
        .set({ autoClaimedAt: t.clock.now(), autoAttempts: 1 })
        .where(eq(paymentLinks.id, link.id));
      const refused = await call('POST', `/api/checkout/${link.token}/pay`, customer.token, GOOD_CARD);
      expect(refused.statusCode).toBe(409);
      expect(errorBody(refused).message).toBe(PAYMENT_MESSAGES.autoPayUnderWay);
      // A claim left by a process that stopped goes stale after 10 minutes.
      t.clock.advance(10 * 60 * 1000 + 1);
      const paid = await call('POST', `/api/checkout/${link.token}/pay`, customer.token, GOOD_CARD);
      expect(paid.statusCode, paid.body).toBe(200);
    });

    it('charges once per idempotency key when an attempt is asked again', async () => {
      const customer = await payingAutomatically();
      const campaign = await wizard.createSubmitted(customer.token, { budget_type: 'lifetime', budget_amount: 60 });
      await approveCampaign(t, adminToken, campaign.id);
      const link = await linkOf(campaign.id);
      // A process stopped after claiming attempt 1 and charging it, before recording it.
      await t.database.db
        .update(paymentLinks)
        .set({ autoClaimedAt: new Date(t.clock.now().getTime() - 11 * 60 * 1000), autoAttempts: 1 })
        .where(eq(paymentLinks.id, link.id));
      const cards = (await call('GET', '/api/stripe/get-payment-methods', customer.token)).json().data;
      expect(cards).toHaveLength(1);
      await chargeRound();
      const charges = await t.database.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, `portal-auto-${link.id}-1`));
      expect(charges).toHaveLength(1);
      expect((await activities(customer.token))[0].transaction_id).toBe(charges[0]!.transactionId);
    });
  });

  it('an expired card cannot become the default', async () => {
    const customer = await newCustomer();
    const card = await saveCard(customer.token, { ...GOOD_CARD, expiry: '11/26' });
    t.clock.set('2026-12-02T10:00:00.000Z');
    const refused = await call('POST', `/api/customer/payment-methods/${card.id}/default`, customer.token);
    expect(refused.statusCode).toBe(422);
    expect(errorBody(refused).message).toBe(CARD_MESSAGES.expiryPast);
  });
});
