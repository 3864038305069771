import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  controlCharactersMessage,
  DAY_RANGE_MESSAGES,
  LIST_MESSAGES,
  REFUND_LIMITS,
  REFUND_MESSAGES,
  ROLE,
  type AdminPayment,
  type PaymentActivity,
} from '@portal/contract';
import { advertisers, domainEvents, paymentRefunds, payments } from '../../db/schema';
import { approveCampaign, payOpenLink, wizardOf } from '../../../test/campaigns';
import { insertPayments } from '../../../test/payment-rows';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

const PUBLIC_ORIGIN = 'https://ads.example.com';

/** docs/product/payments.md, Administrators' payments page and Refunds: in the sandbox, which refunds at once. */
describe("the administrators' payments page and refunds", () => {
  let t: TestApp, adminToken: string, adminId: number;
  const wizard = wizardOf(() => t);

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN } });
    const admin = await t.createUser({ roleId: ROLE.admin, firstName: 'Grace', lastName: 'Admin' });
    adminId = admin.id;
    adminToken = await t.login(admin.email);
  });
  afterAll(() => t.close());

  const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const refund = (id: number | string, payload: Record<string, unknown>, token = adminToken) =>
    t.app.inject({ method: 'POST', url: `/api/admin/payments/${id}/refunds`, headers: bearer(token), payload });
  const list = async (query: string) => {
    const answer = await get(`/api/admin/payments?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { data: AdminPayment[]; pagination: Record<string, number> };
  };
  /** A word no other test's rows contain, to search this test's rows alone. */
  const tag = () => randomBytes(4).toString('hex');

  describe('the list', () => {
    it("shows every account's payments, newest first, with the account, the customer billed and what is left to refund", async () => {
      const word = tag();
      const ada = await t.createUser({ firstName: 'Ada', lastName: word });
      const bob = await t.createUser({ firstName: 'Bob', lastName: word });
      const [older] = await insertPayments(t, ada, [
        { paidAt: new Date('2026-11-01T09:00:00Z'), campaignName: 'Autumn' },
      ]);
      const [newer] = await insertPayments(t, bob, [
        {
          paidAt: new Date('2026-11-03T09:00:00Z'),
          campaignName: 'Winter',
          amountCents: 5_050,
          refundedCents: 1_000,
          refundPendingCents: 500,
          cardBrand: 'mastercard',
          cardLast4: '4444',
        },
      ]);
      const page = await list(`search=${word}`);
      expect(page.pagination).toEqual({ current_page: 1, per_page: 10, last_page: 1, total: 2 });
      expect(page.data.map((row) => row.id)).toEqual([newer!.id, older!.id]);
      expect(page.data[0]).toEqual({
        id: newer!.id,
        transaction_id: newer!.transactionId,
        created_at: '2026-11-03T09:00:00.000Z',
        status: 'partially_refunded',
        amount: 50.5,
        refunded: 10,
        refundable: 35.5,
        payment_method: 'Mastercard •••• 4444',
        campaign_id: newer!.campaignId,
        campaign_name: 'Winter',
        receipt_url: `/receipts/${newer!.id}`,
        advertiser_id: await t.advertiserOf(bob.id),
        advertiser_name: `Bob ${word}`,
        customer_name: `Bob ${word}`,
        customer_email: bob.email,
      });
      expect(page.data[1]).toMatchObject({ status: 'succeeded', refunded: 0, refundable: 100 });
    });

    it('pages as the other lists do', async () => {
      const word = tag();
      const user = await t.createUser({ lastName: word });
      const rows = await insertPayments(
        t,
        user,
        Array.from({ length: 5 }, (_, index) => ({ paidAt: new Date(Date.UTC(2026, 10, 1, index)) })),
      );
      const newestFirst = rows.map((row) => row.id).reverse();
      const first = await list(`search=${word}&per_page=2`);
      expect(first.pagination).toEqual({ current_page: 1, per_page: 2, last_page: 3, total: 5 });
      expect(first.data.map((row) => row.id)).toEqual(newestFirst.slice(0, 2));
      const last = await list(`search=${word}&per_page=2&page=3`);
      expect(last.data.map((row) => row.id)).toEqual(newestFirst.slice(4));
      const past = await list(`search=${word}&per_page=2&page=9`);
      expect(past).toEqual({ data: [], pagination: { current_page: 9, per_page: 2, last_page: 3, total: 5 } });
      const bad = await get('/api/admin/payments?page=0');
      expect(bad.statusCode).toBe(422);
      expect(errorBody(bad).errors).toEqual({ page: [LIST_MESSAGES.page] });
    });

    it("searches the customer's name and e-mail, the account's name, the campaign's name and the transaction id", async () => {
      const word = tag();
      const user = await t.createUser({ firstName: 'Carla', lastName: `Gomez${word}` });
      await t.database.db
        .update(advertisers)
        .set({ name: `Shoes${word} Ltd` })
        .where(eq(advertisers.id, await t.advertiserOf(user.id)));
      const [byCampaign, byTransaction] = await insertPayments(t, user, [
        { campaignName: `Boots${word}` },
        { transactionId: `pi_sbx_${word}_50%` },
      ]);
      const ids = async (search: string) =>
        (await list(`search=${encodeURIComponent(search)}`)).data.map((row) => row.id);
      const both = [byTransaction!.id, byCampaign!.id].sort((a, b) => b - a);
      expect(await ids(`gomez${word}`)).toEqual(both);
      expect(await ids(user.email.toUpperCase())).toEqual(both);
      expect(await ids(`SHOES${word} ltd`)).toEqual(both);
      expect(await ids(`boots${word}`)).toEqual([byCampaign!.id]);
      expect(await ids(`${word}_50%`)).toEqual([byTransaction!.id]);
      // % and _ are matched as themselves.
      expect(await ids(`${word}_5%%`)).toEqual([]);
    });

    it('keeps the payments made on the days from and to (UTC), both included, either alone', async () => {
      const word = tag();
      const user = await t.createUser({ lastName: word });
      const days = ['2026-10-31T23:59:59Z', '2026-11-01T00:00:00Z', '2026-11-02T23:59:59Z', '2026-11-03T00:00:00Z'];
      const rows = await insertPayments(
        t,
        user,
        days.map((day) => ({ paidAt: new Date(day) })),
      );
      const ids = async (range: string) => (await list(`search=${word}&${range}`)).data.map((row) => row.id);
      const [oct31, nov1, nov2, nov3] = rows.map((row) => row.id);
      expect(await ids('from=2026-11-01&to=2026-11-02')).toEqual([nov2, nov1]);
      expect(await ids('from=2026-11-02')).toEqual([nov3, nov2]);
      expect(await ids('to=2026-10-31')).toEqual([oct31]);
      expect(await ids('from=2026-11-03&to=2026-11-03')).toEqual([nov3]);
    });

    it('refuses days that are not days, or from after to, on their field; 401 signed out, 403 for customers', async () => {
      const refused: [string, Record<string, string[]>][] = [
        ['from=2026-13-01', { from: [DAY_RANGE_MESSAGES.from] }],
        ['to=yesterday', { to: [DAY_RANGE_MESSAGES.to] }],
        ['from=2026-02-30&to=2026-03-01', { from: [DAY_RANGE_MESSAGES.from] }],
        ['from=2026-11-05&to=2026-11-01', { from: [DAY_RANGE_MESSAGES.order] }],
      ];
      for (const [query, errors] of refused) {
        for (const path of ['/api/admin/payments', '/api/admin/payments/export']) {
          const answer = await get(`${path}?${query}`);
          expect(answer.statusCode, `${path}?${query}`).toBe(422);
          expect(errorBody(answer).errors, `${path}?${query}`).toEqual(errors);
        }
      }
      const customer = await t.createUser();
      const customerToken = await t.login(customer.email);
      const [payment] = await insertPayments(t, customer, [{}]);
      for (const url of ['/api/admin/payments', '/api/admin/payments/export']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
        expect((await get(url, customerToken)).statusCode).toBe(403);
      }
      const unsigned = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${payment!.id}/refunds`,
        payload: { amount: 1, reason: 'x' },
      });
      expect(unsigned.statusCode).toBe(401);
      expect((await refund(payment!.id, { amount: 1, reason: 'x' }, customerToken)).statusCode).toBe(403);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment!.id));
      expect(row).toMatchObject({ refundedCents: 0, refundPendingCents: 0 });
    });
  });

  it('downloads the same filter as a CSV file, every page, amounts to the cent, status in words, no formula', async () => {
    const word = tag();
    const user = await t.createUser({ firstName: 'Dana', lastName: word });
    const [plain, risky] = await insertPayments(t, user, [
      { paidAt: new Date('2026-11-01T10:00:00Z'), campaignName: 'Spring', amountCents: 2_500, refundedCents: 2_500 },
      {
        paidAt: new Date('2026-11-02T10:00:00Z'),
        campaignName: '=HYPERLINK("http://x")',
        amountCents: 12_345,
        refundedCents: 45,
      },
    ]);
    await insertPayments(t, user, [{ paidAt: new Date('2026-12-01T10:00:00Z') }]);
    const answer = await get(`/api/admin/payments/export?search=${word}&to=2026-11-30`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body.trimEnd().split('\n')).toEqual([
      'id,created_at,advertiser_name,customer_name,customer_email,campaign_name,amount,refunded,status,payment_method,transaction_id',
      `${risky!.id},2026-11-02T10:00:00.000Z,Dana ${word},Dana ${word},${user.email},"'=HYPERLINK(""http://x"")",123.45,0.45,Partly refunded,Visa •••• 4242,${risky!.transactionId}`,
      `${plain!.id},2026-11-01T10:00:00.000Z,Dana ${word},Dana ${word},${user.email},Spring,25.00,25.00,Refunded,Visa •••• 4242,${plain!.transactionId}`,
    ]);
  });

  describe('refunds', () => {
    /** A customer with a lifetime campaign of $120 paid in the sandbox; answers its payment. */
    async function paidPayment() {
      const customer = await t.createUser({ firstName: 'Ada', lastName: 'Byron', withBilling: true });
      const token = await t.login(customer.email);
      const campaign = await wizard.createSubmitted(token, { budget_type: 'lifetime', budget_amount: 120 });
      await approveCampaign(t, adminToken, campaign.id);
      await payOpenLink(t, bearer(token), campaign.id);
      const activity = (await get('/api/my-payment-activities', token)).json().data[0] as PaymentActivity;
      return { customer, token, campaignId: campaign.id, payment: activity };
    }
    const refundEvents = async (paymentId: number) =>
      (await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'payment.refunded'))).filter(
        (event) => event.payload.paymentId === paymentId,
      );

    it('refunds part, then the rest: the sums, the words, the audit trail and one event each', async () => {
      const { token, campaignId, payment } = await paidPayment();
      const before = (await get('/api/admin-dashboard-stats')).json().data.revenue_collected as number;

      const part = await refund(payment.id, { amount: '20.50', reason: '  Two days did not run  ' });
      expect(part.statusCode, part.body).toBe(200);
      const { refund: made, payment: after } = part.json().data;
      expect(part.json().message).toBe(REFUND_MESSAGES.made);
      expect(made).toEqual({
        id: expect.any(Number),
        created_at: expect.any(String),
        amount: 20.5,
        reason: 'Two days did not run',
        status: 'succeeded',
      });
      expect(after).toMatchObject({ id: payment.id, refunded: 20.5, refundable: 99.5, status: 'partially_refunded' });
      const [row] = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, made.id));
      expect(row).toMatchObject({ status: 'succeeded', amountCents: 2_050, createdBy: adminId, failure: null });
      expect(row!.providerRefundId).toMatch(/^re_sandbox_\w{24}$/);

      // The customer's activity and receipt say so.
      const activity = (await get('/api/my-payment-activities', token)).json().data[0];
      expect(activity).toMatchObject({ id: payment.id, amount: 120, refunded: 20.5, status: 'partially_refunded' });
      const receipt = (await get(`/api/receipts/${payment.id}`, token)).json().data;
      expect(receipt.refunds).toEqual([
        { id: made.id, created_at: made.created_at, amount: 20.5, reason: 'Two days did not run' },
      ]);

      const rest = await refund(payment.id, { amount: 99.5, reason: 'Campaign cancelled' });
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json().data.payment).toMatchObject({ refunded: 120, refundable: 0, status: 'refunded' });
      const nothingLeft = await refund(payment.id, { amount: 0.01, reason: 'Once more' });
      expect(nothingLeft.statusCode).toBe(422);
      expect(errorBody(nothingLeft)).toEqual({
        message: REFUND_MESSAGES.nothingLeft,
        errors: { amount: [REFUND_MESSAGES.nothingLeft] },
      });

      // Each refund made is one event, with exactly what its subscribers (and the credit note) need.
      await t.app.events.dispatchPending();
      const events = await refundEvents(payment.id);
      expect(events.map((event) => event.payload)).toEqual([
        { paymentId: payment.id, refundId: made.id, amountCents: 2_050, reason: 'Two days did not run' },
        {
          paymentId: payment.id,
          refundId: rest.json().data.refund.id,
          amountCents: 9_950,
          reason: 'Campaign cancelled',
        },
      ]);
      expect(events.every((event) => event.processedAt !== null)).toBe(true);
      const history = (await get(`/api/admin/campaign/${campaignId}`)).json().data.history as {
        action: string;
        actor: { id: number } | null;
        after: Record<string, unknown>;
      }[];
      expect(history.filter((line) => line.action === 'payment.refunded')).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: adminId }),
          after: expect.objectContaining({ amount: '$20.50', reason: 'Two days did not run', payment_id: payment.id }),
        }),
        expect.objectContaining({ after: expect.objectContaining({ amount: '$99.50' }) }),
      ]);
      expect((await get('/api/admin-dashboard-stats')).json().data.revenue_collected).toBeCloseTo(before - 120, 2);
      expect((await get(`/api/my-payment-activities`, token)).json().data[0].status).toBe('refunded');
    });

    it('tells the customer in the portal and by e-mail, with the reason', async () => {
      const { customer, token, payment } = await paidPayment();
      const made = await refund(payment.id, { amount: 30, reason: 'Paid twice by mistake' });
      expect(made.statusCode, made.body).toBe(200);
      const mail = (await t.mail()).find(
        (message) => message.to.includes(customer.email) && message.subject.startsWith('Refund of'),
      );
      expect(mail?.subject).toBe('Refund of $30.00 for Spring launch — Advertiser Portal');
      expect(mail?.text).toContain('We refunded $30.00 of your payment for the campaign "Spring launch" on');
      expect(mail?.text).toContain('Reason: Paid twice by mistake');
      expect(mail?.text).toContain('The money goes back to Visa •••• 4242.');
      expect(mail?.text).toContain(`${PUBLIC_ORIGIN}/receipts/${payment.id}`);
      const notifications = (await get('/api/my-notifications', token)).json().data as { message: string }[];
      expect(notifications[0]).toMatchObject({
        message: 'Refund of $30.00 for your campaign "Spring launch". Reason: Paid twice by mistake',
        event_type: 'system',
      });
    });

    it('takes the refunds off Total spent', async () => {
      const { customer, payment } = await paidPayment();
      expect((await refund(payment.id, { amount: 20.25, reason: 'Goodwill' })).statusCode).toBe(200);
      expect((await get(`/api/admin/user/${customer.id}`)).json().data.total_spent).toBe(99.75);
    });

    it("refuses a bad amount or reason with the field's message, and an unknown payment with 404, refunding nothing", async () => {
      const { payment } = await paidPayment();
      const reason = 'Goodwill';
      const refused: [Record<string, unknown>, string, string][] = [
        [{ reason }, 'amount', REFUND_MESSAGES.amountRequired],
        [{ amount: '', reason }, 'amount', REFUND_MESSAGES.amountRequired],
        [{ amount: 'ten', reason }, 'amount', REFUND_MESSAGES.amountNotNumber],
        [{ amount: '1e400', reason }, 'amount', REFUND_MESSAGES.amountNotNumber],
        [{ amount: [5], reason }, 'amount', REFUND_MESSAGES.amountNotNumber],
        [{ amount: 0, reason }, 'amount', REFUND_MESSAGES.amountPositive],
        [{ amount: -5, reason }, 'amount', REFUND_MESSAGES.amountPositive],
        [{ amount: 1.005, reason }, 'amount', REFUND_MESSAGES.amountDecimals],
        [{ amount: '12.345', reason }, 'amount', REFUND_MESSAGES.amountDecimals],
        [{ amount: 120.01, reason }, 'amount', 'The amount cannot be more than the $120.00 left to refund'],
        [{ amount: 1e15, reason }, 'amount', 'The amount cannot be more than the $120.00 left to refund'],
        [{ amount: 5 }, 'reason', REFUND_MESSAGES.reasonRequired],
        [{ amount: 5, reason: '   ' }, 'reason', REFUND_MESSAGES.reasonRequired],
        [{ amount: 5, reason: 'x'.repeat(REFUND_LIMITS.reasonMaxLength + 1) }, 'reason', REFUND_MESSAGES.reasonTooLong],
        [{ amount: 5, reason: 'a\u0000b' }, 'reason', controlCharactersMessage('The reason')],
        [{ amount: 5, reason: ['why'] }, 'reason', 'The reason must be text'],
      ];
      for (const [payload, field, message] of refused) {
        const answer = await refund(payment.id, payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
        expect(errorBody(answer).errors?.[field], JSON.stringify(payload)).toEqual([message]);
      }
      // 500 characters is the most a reason may have.
      const longest = await refund(payment.id, { amount: 1, reason: 'x'.repeat(REFUND_LIMITS.reasonMaxLength) });
      expect(longest.statusCode).toBe(200);

      for (const id of [999_999, 'abc', 0]) {
        const unknown = await refund(id, { amount: 1, reason });
        expect(unknown.statusCode, String(id)).toBe(404);
        expect(errorBody(unknown).message).toBe(REFUND_MESSAGES.paymentNotFound);
      }
      const rows = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
      expect(rows.map((row) => row.amountCents)).toEqual([100]);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row).toMatchObject({ refundedCents: 100, refundPendingCents: 0 });
    });
  });
});
