import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_MESSAGES, PAYMENT_MESSAGES, ROLE, type Campaign } from '@portal/contract';
import { approveCampaign, wizardOf } from '../../../test/campaigns';
import { SANDBOX_CARDS, saveSandboxCard } from '../../../test/payments';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { PAYMENT_JOBS } from './payment-periods.service';

const { visa: GOOD_CARD, declined: DECLINED_CARD } = SANDBOX_CARDS;
// Answers link to the portal's pages by path, whatever address the portal is reached at; only
// e-mails, read elsewhere, carry this configured origin.
const PUBLIC_ORIGIN = 'https://ads.example.com';
const CHECKOUT_PATH = /^\/checkout\/[\w-]{32}$/;

describe('payments in the sandbox', () => {
  let t: TestApp, adminToken: string;
  const wizard = wizardOf(() => t);

  beforeAll(async () => {
    // The business that issues the receipts (docs/product/payments.md, Receipts).
    t = await createTestApp({
      env: {
        PUBLIC_ORIGIN,
        SELLER_NAME: 'Ads Ltd',
        SELLER_ADDRESS: '2 Market Street, Leeds LS1 6DT',
        SELLER_TAX_ID: 'GB123456789',
      },
    });
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(() => t.close());
  // Each test starts on the same day; one that moves the clock makes its customer after setting it.
  beforeEach(() => t.clock.set('2026-11-20T10:00:00.000Z'));

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

  /**
   * A signed-in customer with billing details, so receipts have something to print; remembered
   * (30 days), so the session outlives the weeks the period tests move through.
   */
  const newCustomer = async () => {
    const user = await t.createUser({ firstName: 'Ada', lastName: 'Byron', withBilling: true });
    return { id: user.id, email: user.email, token: await t.login(user.email, undefined, { remember: true }) };
  };

  /** A campaign through the wizard, approved by an administrator, with its approval's events handled. */
  async function approved(token: string, change: Record<string, unknown> = {}) {
    const campaign = await wizard.createSubmitted(token, change);
    await approveCampaign(t, adminToken, campaign.id);
    return campaign.id;
  }

  const activeList = async (token: string) =>
    (await call('GET', '/api/customer/my-active-campaigns', token)).json().data as Campaign[];
  const listed = async (token: string, id: number) => (await activeList(token)).find((row) => row.id === id)!;
  const balance = async (token: string) => (await call('GET', '/api/customer/balance', token)).json().data;
  const tokenOf = (url: string) => url.split('/checkout/')[1]!;

  const saveCard = (token: string, card = GOOD_CARD) => saveSandboxCard(t, token, card);

  describe('payment links', () => {
    it('are opened by approval for the budget, or 7 days of a daily one, and make up Total Amount Due', async () => {
      const customer = await newCustomer();
      const lifetime = await approved(customer.token, { budget_type: 'lifetime', budget_amount: 175 });
      const daily = await approved(customer.token, { budget_type: 'daily', budget_amount: 250.5 });
      await wizard.createSubmitted(customer.token); // pending: nothing owed yet

      const rows = await activeList(customer.token);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.payment_status).toBe('unpaid');
        expect(row.delivery_status).toBe('off');
        expect(row.payment_link_url).toMatch(CHECKOUT_PATH);
      }
      // Each amount due says how it is made: 7 days of a daily budget, or a lifetime budget.
      const dailyDue = { amount: 1753.5, covers_days: 7, daily_amount: 250.5, credit_used: 0 };
      const lifetimeDue = { amount: 175, covers_days: null, daily_amount: null, credit_used: 0 };
      expect((await listed(customer.token, daily)).amount_due).toEqual(dailyDue);
      expect((await listed(customer.token, lifetime)).amount_due).toEqual(lifetimeDue);
      expect(await balance(customer.token)).toEqual({
        total_amount_due: 1928.5,
        campaigns_due: [
          {
            id: daily,
            campaign_name: 'Spring launch',
            ...dailyDue,
            payment_link_url: expect.stringMatching(CHECKOUT_PATH),
          },
          {
            id: lifetime,
            campaign_name: 'Spring launch',
            ...lifetimeDue,
            payment_link_url: expect.stringMatching(CHECKOUT_PATH),
          },
        ],
        credit: 0,
        auto_pay: false,
      });
      const details = (await call('GET', `/api/admin/campaign/${daily}`, adminToken)).json().data;
      expect(details.payment_link_url).toBe((await listed(customer.token, daily)).payment_link_url);
      const checkout = await call(
        'GET',
        `/api/checkout/${tokenOf((await listed(customer.token, daily)).payment_link_url!)}`,
        customer.token,
      );
      expect(checkout.json().data).toEqual({
        campaign_id: daily,
        campaign_name: 'Spring launch',
        ...dailyDue,
        status: 'open',
        provider: 'sandbox',
      });

      // Archiving cancels the link: nothing is owed for it any more.
      const archived = await t.app.inject({
        method: 'DELETE',
        url: '/api/customer/my-campaigns/soft-delete',
        headers: bearer(customer.token),
        payload: {
          campaign_ids: [lifetime],
        },
      });
      expect(archived.statusCode).toBe(200);
      expect((await balance(customer.token)).total_amount_due).toBe(1753.5);
    });

    it("are the customer's own: another customer's link is not found", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      const id = await approved(owner.token);
      const token = tokenOf((await listed(owner.token, id)).payment_link_url!);
      expect((await call('GET', `/api/checkout/${token}`, other.token)).statusCode).toBe(404);
      const paid = await call('POST', `/api/checkout/${token}/pay`, other.token, GOOD_CARD);
      expect(paid.statusCode).toBe(404);
      expect(errorBody(paid).message).toBe(PAYMENT_MESSAGES.linkNotFound);
      expect((await call('GET', '/api/checkout/not-a-token', owner.token)).statusCode).toBe(404);
      expect((await balance(other.token)).total_amount_due).toBe(0);
    });
  });

  describe('cards', () => {
    it('are checked as the form checks them, and only brand, last four and expiry are kept', async () => {
      const customer = await newCustomer();
      const intent = (await call('POST', '/api/stripe/create-setup-intent', customer.token)).json();
      const refused = await call('POST', '/api/sandbox/confirm-setup', customer.token, {
        client_secret: intent.client_secret,
        card_number: '4242 4242 4242 4241',
        expiry: '01/20',
        cvc: '12',
      });
      expect(refused.statusCode).toBe(422);
      expect(errorBody(refused).errors).toEqual({
        card_number: [CARD_MESSAGES.numberInvalid],
        expiry: [CARD_MESSAGES.expiryPast],
        cvc: [CARD_MESSAGES.cvcIncomplete],
      });

      const card = await saveCard(customer.token);
      const cards = (await call('GET', '/api/stripe/get-payment-methods', customer.token)).json().data;
      expect(cards).toEqual([
        {
          id: card.id,
          brand: 'visa',
          last4: '4242',
          status: 'active',
          exp_month: 12,
          exp_year: 2030,
          is_default: true,
        },
      ]);
      // The number and CVC are nowhere in the database.
      const dump = JSON.stringify(await t.database.db.execute('select * from sandbox_payment_methods'));
      expect(dump).not.toContain('4242424242424242');
      expect(dump).not.toContain('"123"');
    });

    it("refuses a setup intent used twice, another customer's card, and an unknown one", async () => {
      const customer = await newCustomer();
      const other = await newCustomer();
      const intent = (await call('POST', '/api/stripe/create-setup-intent', customer.token)).json();
      const first = await call('POST', '/api/sandbox/confirm-setup', customer.token, {
        client_secret: intent.client_secret,
        ...GOOD_CARD,
      });
      expect(first.statusCode).toBe(200);
      const again = await call('POST', '/api/sandbox/confirm-setup', customer.token, {
        client_secret: intent.client_secret,
        ...GOOD_CARD,
      });
      expect(again.statusCode).toBe(422);
      expect(errorBody(again).message).toBe(PAYMENT_MESSAGES.setupSecretUnknown);

      const stolen = await call('POST', '/api/stripe/add-payment-method', other.token, {
        payment_method_id: first.json().payment_method_id,
      });
      expect(stolen.statusCode).toBe(422);
      expect(errorBody(stolen).errors).toEqual({ payment_method_id: [PAYMENT_MESSAGES.paymentMethodUnknown] });
      const unknown = await call('POST', '/api/stripe/add-payment-method', customer.token, {
        payment_method_id: 'pm_x',
      });
      expect(unknown.statusCode).toBe(422);
      const empty = await call('POST', '/api/stripe/add-payment-method', customer.token, { payment_method_id: ' ' });
      expect(errorBody(empty).errors).toEqual({ payment_method_id: [PAYMENT_MESSAGES.paymentMethodRequired] });
      expect((await call('GET', '/api/stripe/get-payment-methods', other.token)).json().data).toEqual([]);
      // Administrators have no cards to save.
      expect((await call('POST', '/api/stripe/create-setup-intent', adminToken)).statusCode).toBe(403);
    });
  });

  describe('paying a link', () => {
    it('declines the test number and records nothing', async () => {
      const customer = await newCustomer();
      const id = await approved(customer.token);
      const token = tokenOf((await listed(customer.token, id)).payment_link_url!);
      const declined = await call('POST', `/api/checkout/${token}/pay`, customer.token, DECLINED_CARD);
      expect(declined.statusCode).toBe(422);
      expect(errorBody(declined)).toEqual({
        message: CARD_MESSAGES.declined,
        errors: { card_number: [CARD_MESSAGES.declined] },
      });
      // A saved declining card is declined too.
      const saved = await saveCard(customer.token, DECLINED_CARD);
      const again = await call('POST', `/api/checkout/${token}/pay`, customer.token, { payment_method_id: saved.id });
      expect(errorBody(again).message).toBe(CARD_MESSAGES.declined);
      const nothing = await call('POST', `/api/checkout/${token}/pay`, customer.token, {});
      expect(errorBody(nothing).message).toBe(PAYMENT_MESSAGES.cardOrSavedCard);
      // Bad input of each kind is a 422 with the field's message, never a 500.
      const badInput: [Record<string, unknown>, string, string][] = [
        [{ payment_method_id: 'abc' }, 'payment_method_id', PAYMENT_MESSAGES.paymentMethodUnknown],
        [{ payment_method_id: 99999999999 }, 'payment_method_id', PAYMENT_MESSAGES.paymentMethodUnknown],
        [{ ...GOOD_CARD, card_number: '4'.repeat(500) }, 'card_number', CARD_MESSAGES.numberInvalid],
        [{ ...GOOD_CARD, card_number: ['4242'] }, 'card_number', CARD_MESSAGES.numberInvalid],
        [{ ...GOOD_CARD, expiry: '12/30\u0000' }, 'expiry', CARD_MESSAGES.expiryIncomplete],
        [{ ...GOOD_CARD, cvc: '1\n23' }, 'cvc', CARD_MESSAGES.cvcIncomplete],
      ];
      for (const [payload, field, message] of badInput) {
        const answer = await call('POST', `/api/checkout/${token}/pay`, customer.token, payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
        expect(errorBody(answer).errors?.[field], JSON.stringify(payload)).toEqual([message]);
      }
      // A number sent as JSON is read as its digits.
      const numeric = await call('POST', `/api/checkout/${token}/pay`, customer.token, {
        ...DECLINED_CARD,
        card_number: 4000000000000002,
      });
      expect(errorBody(numeric).message).toBe(CARD_MESSAGES.declined);

      expect((await listed(customer.token, id)).payment_status).toBe('unpaid');
      expect((await call('GET', '/api/my-payment-activities', customer.token)).json().pagination.total).toBe(0);
    });

    it('marks the campaign paid and delivering, records the activity and receipt, tells and e-mails the customer', async () => {
      const customer = await newCustomer();
      const id = await approved(customer.token, { budget_type: 'lifetime', budget_amount: 175 });
      const card = await saveCard(customer.token);
      const token = tokenOf((await listed(customer.token, id)).payment_link_url!);
      t.clock.advance(30 * 60_000);

      const paid = await call('POST', `/api/checkout/${token}/pay`, customer.token, { payment_method_id: card.id });
      expect(paid.statusCode, paid.body).toBe(200);
      const activity = paid.json().data;
      expect(paid.json().message).toBe(PAYMENT_MESSAGES.paid);
      expect(activity).toMatchObject({
        created_at: '2026-11-20T10:30:00.000Z',
        status: 'succeeded',
        amount: 175,
        payment_method: 'Visa •••• 4242',
        campaign_id: id,
        campaign_name: 'Spring launch',
        receipt_url: `/receipts/${activity.id}`,
      });
      expect(activity.transaction_id).toMatch(/^pi_sbx_/);

      const row = await listed(customer.token, id);
      expect(row).toMatchObject({
        payment_status: 'paid',
        delivery_status: 'active',
        payment_link_url: null,
        amount_due: null,
        date_paid: '2026-11-20T10:30:00.000Z',
      });
      expect(await balance(customer.token)).toEqual({
        total_amount_due: 0,
        campaigns_due: [],
        credit: 0,
        auto_pay: false,
      });
      const activities = (await call('GET', '/api/my-payment-activities?per_page=5', customer.token)).json();
      expect(activities).toEqual({
        data: [activity],
        pagination: { current_page: 1, per_page: 5, last_page: 1, total: 1 },
      });

      // The second payment of the same link charges nothing and records nothing.
      const twice = await call('POST', `/api/checkout/${token}/pay`, customer.token, GOOD_CARD);
      expect(twice.statusCode).toBe(409);
      expect(errorBody(twice).message).toBe(PAYMENT_MESSAGES.linkClosed);

      // The receipt: numbered from the payment's id, with the seller and the buyer's billing details.
      const receipt = (await call('GET', `/api/receipts/${activity.id}`, customer.token)).json().data;
      const number = `R-${String(activity.id).padStart(6, '0')}`;
      expect(receipt).toMatchObject({ ...activity, receipt_number: number, covers_until: null });
      expect(receipt.seller).toEqual({
        name: 'Ads Ltd',
        address: '2 Market Street, Leeds LS1 6DT',
        tax_id: 'GB123456789',
      });
      expect(receipt.billing).toMatchObject({
        name: 'Ada Byron',
        email: customer.email,
        company_name: 'Acme Ads',
        tax_id: 'TAX-1',
      });
      expect(receipt.billing.address).toContain('1 Main Street');

      // Told in the portal and by e-mail, with the receipt's address; the History has the payment.
      const mail = await t.mail();
      const receiptMail = mail.find((message) => message.to === customer.email && /Receipt/.test(message.subject))!;
      expect(receiptMail.text).toContain('$175.00');
      expect(receiptMail.text).toContain(`${PUBLIC_ORIGIN}/receipts/${activity.id}`);
      expect(receiptMail.subject).toContain(number);
      expect(receiptMail.text).toContain('Issued by: Ads Ltd, 2 Market Street, Leeds LS1 6DT, Tax ID GB123456789.');
      expect(receiptMail.text).toMatch(/Billed to: Ada Byron, Acme Ads, 1 Main Street.*, Tax ID TAX-1\./);
      const notifications = (await call('GET', '/api/my-notifications', customer.token)).json().data;
      expect(notifications[0].message).toBe('Payment of $175.00 received for your campaign "Spring launch"');
      const history = (await call('GET', `/api/admin/campaign/${id}`, adminToken)).json().data.history;
      expect(history.map((entry: { action: string }) => entry.action)).toContain('campaign.paid');
    });

    it('records one payment when the same link is paid 10 times at once', async () => {
      const customer = await newCustomer();
      const id = await approved(customer.token);
      const token = tokenOf((await listed(customer.token, id)).payment_link_url!);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call('POST', `/api/checkout/${token}/pay`, customer.token, GOOD_CARD)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      expect((await call('GET', '/api/my-payment-activities', customer.token)).json().pagination.total).toBe(1);
    });
  });

  describe('receipts and totals', () => {
    it('open for their customer and administrators only; total spent sums the payments', async () => {
      const customer = await newCustomer();
      const other = await newCustomer();
      for (const amount of [20, 30.25]) {
        const id = await approved(customer.token, { budget_type: 'lifetime', budget_amount: amount });
        const token = tokenOf((await listed(customer.token, id)).payment_link_url!);
        expect((await call('POST', `/api/checkout/${token}/pay`, customer.token, GOOD_CARD)).statusCode).toBe(200);
      }
      const [latest] = (await call('GET', '/api/my-payment-activities', customer.token)).json().data;
      expect((await call('GET', `/api/receipts/${latest.id}`, other.token)).statusCode).toBe(404);
      expect((await call('GET', `/api/receipts/${latest.id}`, adminToken)).statusCode).toBe(200);
      expect((await call('GET', '/api/receipts/999999', customer.token)).statusCode).toBe(404);
      expect((await call('GET', '/api/receipts/abc', customer.token)).statusCode).toBe(404);

      const users = (
        await call('GET', `/api/get-all-users?search=${encodeURIComponent(customer.email)}`, adminToken)
      ).json();
      expect(users.data[0].total_spent).toBe(50.25);
      expect((await call('GET', `/api/admin/user/${customer.id}`, adminToken)).json().data.total_spent).toBe(50.25);
      const tiles = (await call('GET', '/api/admin-dashboard-stats', adminToken)).json().data;
      expect(tiles.revenue_collected).toBeGreaterThanOrEqual(50.25);
    });
  });

  describe('seven-day periods', () => {
    it("end a daily campaign's paid week: unpaid again, a new link for 7 days, the customer told", async () => {
      t.clock.set('2026-11-02T09:00:00.000Z');
      const customer = await newCustomer();
      const id = await approved(customer.token, { budget_type: 'daily', budget_amount: 40 });
      const token = tokenOf((await listed(customer.token, id)).payment_link_url!);
      const paid = await call('POST', `/api/checkout/${token}/pay`, customer.token, GOOD_CARD);
      expect(paid.json().data.amount).toBe(280);
      const receipt = (await call('GET', `/api/receipts/${paid.json().data.id}`, customer.token)).json().data;
      expect(receipt.covers_until).toBe('2026-11-09T09:00:00.000Z');

      // A minute before the week ends, nothing changes.
      t.clock.set('2026-11-09T08:59:00.000Z');
      await t.app.jobs.runNow(PAYMENT_JOBS.renew);
      expect((await listed(customer.token, id)).payment_status).toBe('paid');

      t.clock.set('2026-11-09T09:00:00.000Z');
      await t.app.jobs.runNow(PAYMENT_JOBS.renew);
      const row = await listed(customer.token, id);
      expect(row).toMatchObject({ payment_status: 'unpaid', delivery_status: 'off' });
      expect(row.payment_link_url).toMatch(CHECKOUT_PATH);
      expect(row.payment_link_url).not.toContain(token);
      expect(await balance(customer.token)).toMatchObject({ total_amount_due: 280 });

      await t.app.events.dispatchPending();
      const notifications = (await call('GET', '/api/my-notifications', customer.token)).json().data;
      expect(notifications[0].message).toBe(
        'The paid week of your campaign "Spring launch" is over: pay $280.00 for the next 7 days',
      );
      const mail = await t.mail();
      expect(
        mail.find((message) => message.to === customer.email && /next 7 days/.test(message.subject))?.text,
      ).toContain(`${PUBLIC_ORIGIN}${row.payment_link_url}`);

      // Running again changes nothing: one new link, not one per round.
      await t.app.jobs.runNow(PAYMENT_JOBS.renew);
      expect((await balance(customer.token)).campaigns_due).toHaveLength(1);
    });

    it('give an archived campaign no new link', async () => {
      t.clock.set('2026-11-02T09:00:00.000Z');
      const customer = await newCustomer();
      const id = await approved(customer.token, { budget_type: 'daily', budget_amount: 10 });
      const token = tokenOf((await listed(customer.token, id)).payment_link_url!);
      expect((await call('POST', `/api/checkout/${token}/pay`, customer.token, GOOD_CARD)).statusCode).toBe(200);
      await t.app.inject({
        method: 'DELETE',
        url: '/api/customer/my-campaigns/soft-delete',
        headers: bearer(customer.token),
        payload: { campaign_ids: [id] },
      });
      t.clock.set('2026-11-10T09:00:00.000Z');
      await t.app.jobs.runNow(PAYMENT_JOBS.renew);
      expect(await balance(customer.token)).toEqual({
        total_amount_due: 0,
        campaigns_due: [],
        credit: 0,
        auto_pay: false,
      });
    });
  });

  it('has no webhook in the sandbox, and no Stripe checkout', async () => {
    const webhook = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: { id: 'evt_1' } });
    expect(webhook.statusCode).toBe(404);
    const customer = await newCustomer();
    const id = await approved(customer.token);
    const token = tokenOf((await listed(customer.token, id)).payment_link_url!);
    const session = await call('POST', `/api/checkout/${token}/session`, customer.token);
    expect(session.statusCode).toBe(409);
  });
});
