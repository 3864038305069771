import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES, FLIGHT_MESSAGES, ROLE, TIME_ZONE_MESSAGES, type Campaign } from '@portal/contract';
import { campaigns } from '../../db/schema';
import { approveCampaign, insertCampaigns, wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { PAYMENT_JOBS } from '../payments/payment-periods.service';
import { newPaymentLink } from '../payments/payment-links';
import { PaymentRepository } from '../payments/payment.repository';
import { FLIGHT_JOB } from './flight.service';

const GOOD_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
const NO_FLIGHT = { startDate: null, endDate: null, flightState: 'running' as const };

/** Flight dates (docs/product/campaigns.md, Flight dates; payments.md, Flight dates and money). */
describe('flight dates', () => {
  let t: TestApp, adminToken: string;
  const wizard = wizardOf(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(() => t.close());
  // Friday 20 November 2026, 10:00 UTC: 19:00 in Tokyo, 02:00 in Los Angeles.
  beforeEach(() => t.clock.set('2026-11-20T10:00:00.000Z'));

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

  /** A signed-in customer whose account keeps its dates in `timeZone`. */
  async function customerIn(timeZone: string) {
    const user = await t.createUser({ withBilling: true });
    const token = await t.login(user.email, undefined, { remember: true });
    const zone = await call('POST', '/api/customer/team/time-zone', token, { time_zone: timeZone });
    expect(zone.statusCode, zone.body).toBe(200);
    return { token, advertiserId: await t.advertiserOf(user.id) };
  }

  const details = (token: string, dates: Record<string, unknown>) =>
    call('POST', '/api/customer/create-campaign-details', token, {
      campaign_name: 'Winter sale',
      campaign_objective: 'Brand awareness',
      status: 'active',
      budget_type: 'daily',
      budget_amount: 10,
      keywords: ['winter', 'sale', 'boots'],
      ...dates,
    });

  async function approved(token: string, change: Record<string, unknown>) {
    const campaign = await wizard.createSubmitted(token, change);
    await approveCampaign(t, adminToken, campaign.id);
    return campaign.id;
  }

  const listed = async (token: string, id: number) =>
    ((await call('GET', '/api/customer/my-active-campaigns', token)).json().data as Campaign[]).find(
      (row) => row.id === id,
    )!;

  async function pay(token: string, id: number) {
    const url = (await listed(token, id)).payment_link_url!;
    const paid = await call('POST', `/api/checkout/${url.split('/checkout/')[1]}/pay`, token, GOOD_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.events.dispatchPending();
  }

  const notifications = async (token: string) =>
    ((await call('GET', '/api/my-notifications', token)).json().data as { message: string }[]).map(
      (notification) => notification.message,
    );

  describe('rules', () => {
    it('refuses each bad flight with its message under its field, in the account’s time zone', async () => {
      // In Tokyo it is already the evening of the 20th; the 19th is past there and everywhere.
      const { token } = await customerIn('Asia/Tokyo');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ start_date: '2026-11-19' }, 'start_date', FLIGHT_MESSAGES.startInPast],
        [{ start_date: '2026-02-30' }, 'start_date', FLIGHT_MESSAGES.dateInvalid],
        [{ start_date: '20 Dec 2026' }, 'start_date', FLIGHT_MESSAGES.dateInvalid],
        [{ end_date: 5 }, 'end_date', FLIGHT_MESSAGES.dateInvalid],
        [{ start_date: '2026-12-10', end_date: '2026-12-09' }, 'end_date', FLIGHT_MESSAGES.endBeforeStart],
        [{ end_date: '2026-11-19' }, 'end_date', FLIGHT_MESSAGES.endInPast],
        [{ start_date: '2026-12-01', end_date: '2027-12-02' }, 'end_date', FLIGHT_MESSAGES.endTooFar],
      ];
      for (const [dates, field, message] of cases) {
        const answer = await details(token, dates);
        expect(answer.statusCode, JSON.stringify(dates)).toBe(422);
        expect(errorBody(answer).errors?.[field], JSON.stringify(dates)).toEqual([message]);
      }
      const fine = await details(token, { start_date: '2026-11-20', end_date: '2027-11-20' });
      expect(fine.statusCode, fine.body).toBe(200);
      expect(fine.json().data).toMatchObject({
        start_date: '2026-11-20',
        end_date: '2027-11-20',
        flight_state: 'running',
      });
    });

    it('takes "today" from the account’s zone: the 21st has begun in Auckland, not in Los Angeles', async () => {
      const auckland = await customerIn('Pacific/Auckland');
      const angeles = await customerIn('America/Los_Angeles');
      // 10:00 UTC is 23:00 on the 20th in Auckland... and 02:00 on the 20th in Los Angeles.
      t.clock.set('2026-11-20T11:30:00.000Z'); // 00:30 on the 21st in Auckland
      expect((await details(auckland.token, { start_date: '2026-11-20' })).statusCode).toBe(422);
      expect((await details(angeles.token, { start_date: '2026-11-20' })).statusCode).toBe(200);
    });

    it('refuses a time zone that is not one, and lets only owners change it', async () => {
      const { token, advertiserId } = await customerIn('Europe/Berlin');
      for (const time_zone of ['Mars/Olympus', '', 'x'.repeat(65), 7]) {
        const answer = await call('POST', '/api/customer/team/time-zone', token, { time_zone });
        expect(answer.statusCode).toBe(422);
        expect(errorBody(answer).message).toBe(TIME_ZONE_MESSAGES.invalid);
      }
      const memberships = await call('GET', '/api/customer/advertisers', token);
      expect(memberships.json().data[0]).toMatchObject({ advertiser_id: advertiserId, time_zone: 'Europe/Berlin' });
    });

    it('keeps a started campaign’s start, checks a new end, and never sends dates to review', async () => {
      const { token } = await customerIn('UTC');
      const id = await approved(token, { start_date: null, end_date: '2026-12-31' });
      const edit = (change: Record<string, unknown>) =>
        call('POST', `/api/customer/my-campaigns/update/${id}`, token, change);
      const moved = await edit({ start_date: '2026-12-01' });
      expect(moved.statusCode).toBe(422);
      expect(errorBody(moved).errors?.start_date).toEqual([FLIGHT_MESSAGES.startFixed]);
      expect(errorBody(await edit({ end_date: '2026-11-19' })).errors?.end_date).toEqual([FLIGHT_MESSAGES.endInPast]);
      const shortened = await edit({ end_date: '2026-11-25' });
      expect(shortened.statusCode, shortened.body).toBe(200);
      expect(shortened.json().data).toMatchObject({ end_date: '2026-11-25', approval_status: 'approved' });
      const cleared = await edit({ end_date: null });
      expect(cleared.json().data.end_date).toBeNull();
      const review = await call('GET', `/api/admin/campaign/${id}`, adminToken);
      const actions = (review.json().data.history as { action: string }[]).map((row) => row.action);
      expect(actions.filter((action) => action === 'campaign.flight_changed')).toHaveLength(2);
    });

    it('still refuses an update that changes nothing', async () => {
      const { token } = await customerIn('UTC');
      const id = await approved(token, {});
      const answer = await call('POST', `/api/customer/my-campaigns/update/${id}`, token, {});
      expect(errorBody(answer).message).toBe(CAMPAIGN_MESSAGES.nothingToUpdate);
    });
  });

  describe('the flight job', () => {
    it('starts and ends a campaign at midnight in its account’s zone, telling its people once each', async () => {
      const { token } = await customerIn('Asia/Tokyo');
      const id = await approved(token, { start_date: '2026-11-21', end_date: '2026-11-22', budget_type: 'lifetime' });
      await pay(token, id);
      expect(await listed(token, id)).toMatchObject({ flight_state: 'scheduled', delivery_status: 'scheduled' });

      // 23:59 on the 20th in Tokyo: not yet.
      t.clock.set('2026-11-20T14:59:00.000Z');
      await t.app.jobs.runNow(FLIGHT_JOB);
      expect((await listed(token, id)).delivery_status).toBe('scheduled');
      // Midnight of the 21st in Tokyo (15:00 UTC on the 20th).
      t.clock.set('2026-11-20T15:00:00.000Z');
      await t.app.jobs.runNow(FLIGHT_JOB);
      await t.app.jobs.runNow(FLIGHT_JOB);
      await t.app.events.dispatchPending();
      expect(await listed(token, id)).toMatchObject({ flight_state: 'running', delivery_status: 'active' });
      const started = (await notifications(token)).filter((message) => message.includes('reached its start date'));
      expect(started).toHaveLength(1);

      // The 22nd is its last day: it ends at midnight of the 23rd in Tokyo.
      t.clock.set('2026-11-22T14:59:59.000Z');
      await t.app.jobs.runNow(FLIGHT_JOB);
      expect((await listed(token, id)).delivery_status).toBe('active');
      t.clock.set('2026-11-22T15:00:00.000Z');
      await t.app.jobs.runNow(FLIGHT_JOB);
      await t.app.jobs.runNow(FLIGHT_JOB);
      await t.app.events.dispatchPending();
      expect(await listed(token, id)).toMatchObject({ flight_state: 'ended', delivery_status: 'ended' });
      const ended = (await notifications(token)).filter((message) => message.includes('reached its end date'));
      expect(ended).toHaveLength(1);
    });

    it('tells no one of a campaign still waiting for review, and ends it all the same', async () => {
      const { token } = await customerIn('UTC');
      const campaign = await wizard.createSubmitted(token, { end_date: '2026-11-20' });
      t.clock.set('2026-11-21T00:00:00.000Z');
      await t.app.jobs.runNow(FLIGHT_JOB);
      await t.app.events.dispatchPending();
      const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      expect(row!.flightState).toBe('ended');
      expect(await notifications(token)).toEqual([]);
    });
  });

  describe('money over the flight', () => {
    it('asks a daily campaign ending in 3 days for 3 days, and its paid period stops at the end', async () => {
      const { token } = await customerIn('UTC');
      // The 20th, 21st and 22nd.
      const id = await approved(token, { budget_type: 'daily', budget_amount: 10, end_date: '2026-11-22' });
      const due = await listed(token, id);
      expect(due.amount_due).toEqual({ amount: 30, covers_days: 3, daily_amount: 10, credit_used: 0 });
      t.clock.set('2026-11-20T18:00:00.000Z');
      await pay(token, id);
      const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, id));
      // 3 × 24 hours from the payment would be the 23rd at 18:00: the flight ends at its midnight.
      expect(row!.paidUntil!.toISOString()).toBe('2026-11-23T00:00:00.000Z');
      t.clock.set('2026-11-23T00:00:00.000Z');
      await t.app.jobs.runNow(PAYMENT_JOBS.renew);
      await t.app.jobs.runNow(FLIGHT_JOB);
      await t.app.events.dispatchPending();
      // Nothing is left to pay for: no new link.
      expect(await listed(token, id)).toMatchObject({ payment_link_url: null, delivery_status: 'ended' });
    });

    it('shortens the last period of a longer flight, and reprices an open link when the dates move', async () => {
      const { token } = await customerIn('UTC');
      // 20 Nov to 29 Nov: 10 days, paid 7 then 3.
      const id = await approved(token, { budget_type: 'daily', budget_amount: 10, end_date: '2026-11-29' });
      expect((await listed(token, id)).amount_due).toMatchObject({ amount: 70, covers_days: 7 });
      await pay(token, id);
      t.clock.set('2026-11-27T10:00:00.000Z');
      await t.app.jobs.runNow(PAYMENT_JOBS.renew);
      // The notice and its e-mail ask for the days that are left, not for a week.
      await t.app.events.dispatchPending();
      expect((await notifications(token))[0]).toBe(
        'The paid week of your campaign "Spring launch" is over: pay $30.00 for the last 3 days of its flight',
      );
      const notice = (await t.mail()).find((message) => message.subject.startsWith('Spring launch: pay for'));
      expect(notice?.subject).toBe('Spring launch: pay for the last 3 days of its flight — Advertiser Portal');
      expect(notice?.text).toContain('Pay $30.00 for the last 3 days of its flight to start it again');
      expect((await listed(token, id)).amount_due).toEqual({
        amount: 30,
        covers_days: 3,
        daily_amount: 10,
        credit_used: 0,
      });
      // The end moves a day earlier: the open link asks for 2 days.
      const moved = await call('POST', `/api/customer/my-campaigns/update/${id}`, token, { end_date: '2026-11-28' });
      expect(moved.statusCode, moved.body).toBe(200);
      await t.app.events.dispatchPending();
      expect((await listed(token, id)).amount_due).toEqual({
        amount: 20,
        covers_days: 2,
        daily_amount: 10,
        credit_used: 0,
      });
    });

    it('cuts a paid period at a new, earlier end', async () => {
      const { token } = await customerIn('UTC');
      const id = await approved(token, { budget_type: 'daily', budget_amount: 10 });
      await pay(token, id);
      const moved = await call('POST', `/api/customer/my-campaigns/update/${id}`, token, { end_date: '2026-11-22' });
      expect(moved.statusCode, moved.body).toBe(200);
      await t.app.events.dispatchPending();
      const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect(row!.paidUntil!.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    });
  });

  /** docs/product/payments.md, Credit. */
  describe('credit for a paid period cut short', () => {
    const balance = async (token: string) => (await call('GET', '/api/customer/balance', token)).json().data;

    it('credits the whole days cut, takes the credit off the next links and gives it back when one is cancelled', async () => {
      const { token } = await customerIn('UTC');
      // Paid on the 20th at 10:00 for 7 days: until the 27th at 10:00.
      const first = await approved(token, { budget_type: 'daily', budget_amount: 10 });
      await pay(token, first);
      // Ending on the 22nd cuts the period at the 23rd's midnight: 4 days and 10 hours, 4 whole days.
      const moved = await call('POST', `/api/customer/my-campaigns/update/${first}`, token, { end_date: '2026-11-22' });
      expect(moved.statusCode, moved.body).toBe(200);
      await t.app.events.dispatchPending();
      expect(await balance(token)).toMatchObject({ credit: 40, total_amount_due: 0 });

      // The next link, 7 days × $10, takes all $40 of it.
      const second = await approved(token, { budget_type: 'daily', budget_amount: 10 });
      expect((await listed(token, second)).amount_due).toEqual({
        amount: 30,
        covers_days: 7,
        daily_amount: 10,
        credit_used: 40,
      });
      expect(await balance(token)).toMatchObject({ credit: 0, total_amount_due: 30 });
      expect((await balance(token)).campaigns_due[0]).toMatchObject({ amount: 30, credit_used: 40 });

      // Archived, its link is cancelled and the credit comes back.
      const archived = await t.app.inject({
        method: 'DELETE',
        url: '/api/customer/my-campaigns/soft-delete',
        headers: bearer(token),
        payload: { campaign_ids: [second] },
      });
      expect(archived.statusCode, archived.body).toBe(200);
      expect(await balance(token)).toMatchObject({ credit: 40, total_amount_due: 0 });

      // A $20 lifetime budget uses all but the $0.50 a card payment needs at least, and is paid so.
      const third = await approved(token, { budget_type: 'lifetime', budget_amount: 20 });
      expect((await listed(token, third)).amount_due).toEqual({
        amount: 0.5,
        covers_days: null,
        daily_amount: null,
        credit_used: 19.5,
      });
      expect(await balance(token)).toMatchObject({ credit: 20.5 });
      await pay(token, third);
      const activity = (await call('GET', '/api/my-payment-activities', token)).json().data as { amount: number }[];
      expect(activity[0]).toMatchObject({ amount: 0.5 });
    });

    it('gives a repriced link its credit again for its new amount', async () => {
      const { token } = await customerIn('UTC');
      const first = await approved(token, { budget_type: 'daily', budget_amount: 10 });
      await pay(token, first);
      await call('POST', `/api/customer/my-campaigns/update/${first}`, token, { end_date: '2026-11-21' });
      await t.app.events.dispatchPending();
      // Cut at the 22nd's midnight: 5 days and 10 hours, $50.
      expect(await balance(token)).toMatchObject({ credit: 50 });
      // 20 Nov to 23 Nov: 4 days × $10 = $40, of which $39.50 is credit.
      const second = await approved(token, { budget_type: 'daily', budget_amount: 10, end_date: '2026-11-23' });
      expect((await listed(token, second)).amount_due).toMatchObject({ amount: 0.5, credit_used: 39.5 });
      expect(await balance(token)).toMatchObject({ credit: 10.5 });
      // Two days later the link asks for 6 days: $60, of which all $50 of credit.
      await call('POST', `/api/customer/my-campaigns/update/${second}`, token, { end_date: '2026-11-25' });
      await t.app.events.dispatchPending();
      expect((await listed(token, second)).amount_due).toMatchObject({ amount: 10, covers_days: 6, credit_used: 50 });
      expect(await balance(token)).toMatchObject({ credit: 0 });
    });

    it('shares the credit between links opened at once, never using more than there is', async () => {
      const user = await t.createUser({ withBilling: true });
      const advertiserId = await t.advertiserOf(user.id);
      const at = t.clock.now();
      await new PaymentRepository(t.database.db).addCredit(advertiserId, 10_000, at);
      const ids = await insertCampaigns(
        t,
        user.id,
        Array.from({ length: 10 }, () => ({ approvalStatus: 'approved' as const, onOff: 'on' as const })),
      );
      // Each $30 link may use $29.50 of the $100: three links take that much, one takes the rest.
      const opened = await Promise.all(
        ids.map((id) =>
          t.database.db.transaction((tx) =>
            new PaymentRepository(tx).openLink(
              newPaymentLink(
                { id, advertiserId, budgetType: 'lifetime', budgetAmount: '30.00', ...NO_FLIGHT },
                'UTC',
                at,
                t.config.tax,
              )!,
            ),
          ),
        ),
      );
      const used = opened.map((link) => link!.creditCents).sort((a, b) => b - a);
      expect(used).toEqual([2950, 2950, 2950, 1150, 0, 0, 0, 0, 0, 0]);
      for (const link of opened) expect(link!.amountCents + link!.creditCents).toBe(3000);
      expect(await new PaymentRepository(t.database.db).creditOf(advertiserId)).toBe(0);
    });
  });
});
