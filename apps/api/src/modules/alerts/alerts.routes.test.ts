import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALERT_MESSAGES, ROLE, type AdvertiserRole, type AlertKind, type Notification } from '@portal/contract';
import { advertiserMembers, campaignAlerts } from '../../db/schema';
import { createTransactor } from '../../db/transactor';
import { approveCampaign, enterFigures, payOpenLink, wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';
import { CampaignRepository } from '../campaigns';
import { EventRepository } from '../events';
import { AlertRepository } from './alert.repository';
import { AlertSettingsRepository } from './alert-settings.repository';
import { ALERT_JOBS, AlertService } from './alert.service';

const PUBLIC_ORIGIN = 'https://ads.example.com';
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('alerts', () => {
  let t: TestApp, adminToken: string, adminEmail: string;
  const wizard = wizardOf(() => t);

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN } });
    const admin = await t.createUser({ roleId: ROLE.admin });
    adminEmail = admin.email;
    adminToken = await t.login(admin.email, undefined, { remember: true });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set('2026-11-20T10:00:00.000Z'));

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

  /** An owner's account with a member of each other role, all signed in for 30 days. */
  async function team() {
    const owner = await t.createUser();
    const advertiserId = await t.advertiserOf(owner.id);
    const person = async (role: AdvertiserRole) => {
      const user = role === 'owner' ? owner : await t.createUser();
      if (role !== 'owner') {
        await t.database.db.insert(advertiserMembers).values({ advertiserId, userId: user.id, role });
      }
      const token = await t.login(user.email, undefined, { remember: true });
      return {
        id: user.id,
        email: user.email,
        token,
        headers: { ...bearer(token), 'x-advertiser-id': String(advertiserId) },
      };
    };
    return {
      owner: await person('owner'),
      manager: await person('manager'),
      billing: await person('billing'),
      viewer: await person('viewer'),
    };
  }
  type Person = Awaited<ReturnType<typeof team>>['owner'];

  /** An account's owner alone: one sign-in, where a test needs no other role. */
  async function ownerAlone(): Promise<Person> {
    const user = await t.createUser();
    const token = await t.login(user.email, undefined, { remember: true });
    const headers = { ...bearer(token), 'x-advertiser-id': String(await t.advertiserOf(user.id)) };
    return { id: user.id, email: user.email, token, headers };
  }

  /** A campaign through the wizard, approved, with the approval's events handled. */
  async function approved(token: string, change: Record<string, unknown> = {}) {
    const campaign = await wizard.createSubmitted(token, change);
    await approveCampaign(t, adminToken, campaign.id);
    return campaign.id;
  }

  /** Pays the campaign's open link with a good card. */
  const pay = (person: Person, campaignId: number) => payOpenLink(t, person.headers, campaignId);

  const spend = (campaignId: number, dollars: number, day = '2026-11-19') =>
    enterFigures(t, adminToken, campaignId, day, { amount_spent: dollars });

  /** The person's alert notifications about the campaign, newest first. */
  async function alertsOf(token: string, campaignId: number, headers: Record<string, string> = bearer(token)) {
    await t.app.events.dispatchPending();
    const answer = await t.app.inject({ method: 'GET', url: '/api/my-notifications?per_page=100', headers });
    return (answer.json().data as Notification[]).filter(
      (notification) => notification.event_type === 'alert' && notification.campaign?.id === campaignId,
    );
  }

  /** The alert e-mails sent to `email`, newest first. */
  const alertMailTo = async (email: string, subject: string) =>
    (await t.mail()).filter((message) => message.to === email && message.subject.startsWith(subject));

  const alertRows = (campaignId: number, kind: AlertKind) =>
    t.database.db
      .select()
      .from(campaignAlerts)
      .where(and(eq(campaignAlerts.campaignId, campaignId), eq(campaignAlerts.kind, kind)));

  describe('budget', () => {
    it('tells owners and managers once at 80% and once at 100% of a lifetime budget, with a link to the campaign', async () => {
      const people = await team();
      const id = await approved(people.owner.token, {
        campaign_name: 'Autumn boots',
        budget_type: 'lifetime',
        budget_amount: 200,
      });

      await spend(id, 150);
      expect(await alertsOf(people.owner.token, id)).toEqual([]);

      await spend(id, 160);
      await spend(id, 170);
      const [alert, ...others] = await alertsOf(people.owner.token, id);
      expect(others).toEqual([]);
      expect(alert).toMatchObject({
        message: 'Your campaign "Autumn boots" has spent 80% of its budget: $160.00 of $200.00',
        link: '/campaigns?search=Autumn%20boots',
        sender: { name: 'Advertiser Portal', logo: null },
      });
      expect(await alertsOf(people.manager.token, id)).toHaveLength(1);
      expect(await alertsOf(people.viewer.token, id, people.viewer.headers)).toEqual([]);
      expect(await alertsOf(people.billing.token, id, people.billing.headers)).toEqual([]);
      const [mail] = await alertMailTo(people.manager.email, 'Budget 80% spent');
      expect(mail?.text).toContain(`${PUBLIC_ORIGIN}/campaigns?search=Autumn%20boots`);
      expect(mail?.text).toContain(`${PUBLIC_ORIGIN}/my-account`);
      expect(await alertMailTo(people.viewer.email, 'Budget')).toEqual([]);

      await spend(id, 200);
      await spend(id, 210);
      const messages = (await alertsOf(people.owner.token, id)).map((notification) => notification.message);
      expect(messages).toEqual([
        'Your campaign "Autumn boots" has spent its whole budget: $200.00 of $200.00',
        'Your campaign "Autumn boots" has spent 80% of its budget: $160.00 of $200.00',
      ]);
      expect(await alertMailTo(people.owner.email, 'Budget spent')).toHaveLength(1);
    });

    it('sends only the 100% alert when one save passes both thresholds', async () => {
      const people = await team();
      const id = await approved(people.owner.token, { budget_type: 'lifetime', budget_amount: 50 });
      await spend(id, 55);
      await spend(id, 45);
      const alerts = await alertsOf(people.owner.token, id);
      expect(alerts.map((notification) => notification.message)).toEqual([
        'Your campaign "Spring launch" has spent its whole budget: $55.00 of $50.00',
      ]);
    });

    it("measures a daily budget against what was paid for it, and again after the next week's payment", async () => {
      const people = await team();
      const id = await approved(people.owner.token, { budget_type: 'daily', budget_amount: 10 });
      // Nothing paid yet: there is no budget to measure against.
      await spend(id, 5);
      expect(await alertsOf(people.owner.token, id)).toEqual([]);

      await pay(people.owner, id);
      await spend(id, 56);
      expect((await alertsOf(people.owner.token, id)).map((notification) => notification.message)).toEqual([
        'Your campaign "Spring launch" has spent 80% of its budget: $56.00 of $70.00',
      ]);

      // The week ends, the next is paid: $140 in all, so 80% is $112.
      t.clock.advance(7 * DAY);
      await t.app.jobs.runNow('payments.periods.renew');
      await pay(people.owner, id);
      await spend(id, 100, '2026-11-26');
      expect(await alertsOf(people.owner.token, id)).toHaveLength(1);
      await spend(id, 112, '2026-11-26');
      expect((await alertsOf(people.owner.token, id))[0]!.message).toBe(
        'Your campaign "Spring launch" has spent 80% of its budget: $112.00 of $140.00',
      );
    });

    it('leaves the e-mail out for whoever turned it off, never the notification', async () => {
      const people = await team();
      const off = await t.app.inject({
        method: 'POST',
        url: '/api/customer/alert-preferences',
        headers: people.manager.headers,
        payload: { kind: 'budget_80', email: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ message: ALERT_MESSAGES.updated });
      expect(off.json().data.find((preference: { kind: string }) => preference.kind === 'budget_80').email).toBe(false);

      const id = await approved(people.owner.token, { budget_type: 'lifetime', budget_amount: 100 });
      await spend(id, 90);
      expect(await alertsOf(people.manager.token, id)).toHaveLength(1);
      expect(await alertMailTo(people.manager.email, 'Budget 80% spent')).toEqual([]);
      expect(await alertMailTo(people.owner.email, 'Budget 80% spent')).toHaveLength(1);

      // Only that alert's e-mail: the 100% one still comes.
      await spend(id, 100);
      expect(await alertMailTo(people.manager.email, 'Budget spent')).toHaveLength(1);
    });

    it('sends one alert when figures are saved several times at once', async () => {
      const people = await team();
      const id = await approved(people.owner.token, { budget_type: 'lifetime', budget_amount: 100 });
      await Promise.all(Array.from({ length: 6 }, (_, index) => spend(id, 80 + index)));
      expect(await alertRows(id, 'budget_80')).toHaveLength(1);
      expect(await alertsOf(people.owner.token, id)).toHaveLength(1);
    });
  });

  describe('paid week ending', () => {
    it('tells owners and billing once, 2 days before a paid week ends, with a link to Balance', async () => {
      const people = await team();
      const id = await approved(people.owner.token, {
        campaign_name: 'Daily deals',
        budget_type: 'daily',
        budget_amount: 10,
      });
      await pay(people.owner, id);

      // Paid at 10:00 on 20 Nov: the week ends at 10:00 on 27 Nov.
      t.clock.set(new Date(Date.parse('2026-11-27T10:00:00.000Z') - 48 * HOUR - 60_000));
      await t.app.jobs.runNow(ALERT_JOBS.periodEnding);
      expect(await alertsOf(people.owner.token, id)).toEqual([]);

      t.clock.advance(60_000);
      await t.app.jobs.runNow(ALERT_JOBS.periodEnding);
      t.clock.advance(HOUR);
      await t.app.jobs.runNow(ALERT_JOBS.periodEnding);
      const alerts = await alertsOf(people.owner.token, id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        message:
          'The paid week of your campaign "Daily deals" ends on 27 Nov 2026, 10:00 UTC; the next 7 days are then due on Balance',
        link: '/balance',
      });
      expect(await alertsOf(people.billing.token, id, people.billing.headers)).toHaveLength(1);
      expect(await alertsOf(people.manager.token, id)).toEqual([]);
      const [mail] = await alertMailTo(people.billing.email, 'Paid week ending');
      expect(mail?.text).toContain(`${PUBLIC_ORIGIN}/balance`);
    });

    it('alerts once when two processes run the round at once', async () => {
      const people = await team();
      const id = await approved(people.owner.token, { budget_type: 'daily', budget_amount: 10 });
      await pay(people.owner, id);
      t.clock.advance(5 * DAY + HOUR);
      // The rounds of two processes, and two more without the job's lock: the unique index holds.
      const other = await createTestApp({ database: t.database });
      other.clock.set(t.clock.now());
      const unlocked = () =>
        new AlertService({
          data: createTransactor(t.database.db, {
            alerts: (db) => new AlertRepository(db),
            alertSettings: (db) => new AlertSettingsRepository(db),
            campaigns: (db) => new CampaignRepository(db),
            events: (db) => new EventRepository(db),
          }),
          clock: t.clock,
        });
      try {
        await Promise.all([
          t.app.jobs.runNow(ALERT_JOBS.periodEnding),
          other.app.jobs.runNow(ALERT_JOBS.periodEnding),
          unlocked().raisePeriodEndingAlerts(),
          unlocked().raisePeriodEndingAlerts(),
        ]);
      } finally {
        await other.close();
      }
      expect(await alertRows(id, 'period_ending')).toHaveLength(1);
      expect(await alertsOf(people.owner.token, id)).toHaveLength(1);
    });
  });

  describe('flight dates', () => {
    it('tells owners and managers once, 3 days before the flight ends in the account’s zone, and again for a new end', async () => {
      const people = await team();
      const zone = await call('POST', '/api/customer/team/time-zone', people.owner.token, { time_zone: 'Asia/Tokyo' });
      expect(zone.statusCode).toBe(200);
      const id = await approved(people.owner.token, { campaign_name: 'Year end', end_date: '2026-11-30' });
      // The flight ends at midnight of 1 Dec in Tokyo: 15:00 UTC on 30 Nov.
      t.clock.set(new Date(Date.parse('2026-11-30T15:00:00.000Z') - 3 * DAY - 60_000));
      await t.app.jobs.runNow(ALERT_JOBS.flightEnding);
      expect(await alertsOf(people.owner.token, id)).toEqual([]);
      t.clock.advance(60_000);
      await t.app.jobs.runNow(ALERT_JOBS.flightEnding);
      await t.app.jobs.runNow(ALERT_JOBS.flightEnding);
      const alerts = await alertsOf(people.owner.token, id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        message:
          'Your campaign "Year end" ends soon: its last day is 30 Nov 2026. Move its end date to keep it running',
        link: '/campaigns?search=Year%20end',
      });
      expect(await alertsOf(people.manager.token, id, people.manager.headers)).toHaveLength(1);
      expect(await alertsOf(people.billing.token, id, people.billing.headers)).toEqual([]);
      // A later end that comes near alerts again.
      const moved = await call('POST', `/api/customer/my-campaigns/update/${id}`, people.owner.token, {
        end_date: '2026-12-02',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      t.clock.advance(2 * DAY);
      await t.app.jobs.runNow(ALERT_JOBS.flightEnding);
      expect(await alertsOf(people.owner.token, id)).toHaveLength(2);
    });

    it('measures a daily budget with an end date against every day of its flight', async () => {
      const owner = await ownerAlone();
      // 20 to 29 Nov: 10 days at $10, a $100 budget, whatever has been paid so far.
      const id = await approved(owner.token, {
        budget_type: 'daily',
        budget_amount: 10,
        end_date: '2026-11-29',
      });
      await pay(owner, id);
      await spend(id, 80);
      const [alert] = await alertsOf(owner.token, id);
      expect(alert?.message).toContain('80% of its budget: $80.00 of $100.00');
    });

    it('says nothing of a paid week that ends with the flight, since nothing more falls due', async () => {
      const owner = await ownerAlone();
      const id = await approved(owner.token, {
        budget_type: 'daily',
        budget_amount: 10,
        end_date: '2026-11-22',
      });
      await pay(owner, id);
      t.clock.set('2026-11-21T12:00:00.000Z');
      await t.app.jobs.runNow(ALERT_JOBS.periodEnding);
      expect((await alertsOf(owner.token, id)).filter((alert) => alert.message.includes('paid week'))).toEqual([]);
    });
  });

  describe('figures missing', () => {
    it('tells administrators once a stretch of 3 days without figures, and again after a new entry goes stale', async () => {
      const people = await team();
      const id = await approved(people.owner.token, { campaign_name: 'Quiet one', budget_type: 'lifetime' });
      await pay(people.owner, id);

      t.clock.advance(3 * DAY - 60_000);
      await t.app.jobs.runNow(ALERT_JOBS.figuresMissing);
      expect(await alertsOf(adminToken, id)).toEqual([]);

      t.clock.advance(60_000);
      await t.app.jobs.runNow(ALERT_JOBS.figuresMissing);
      await t.app.jobs.runNow(ALERT_JOBS.figuresMissing);
      const [alert, ...others] = await alertsOf(adminToken, id);
      expect(others).toEqual([]);
      expect(alert).toMatchObject({
        message: 'No figures have been entered for the campaign "Quiet one" of Test User since 20 Nov 2026, 10:00 UTC',
        link: `/admin/view-campaign/${id}`,
      });
      expect(await alertsOf(people.owner.token, id)).toEqual([]);
      const mail = (await alertMailTo(adminEmail, 'Figures missing')).find((message) =>
        message.text.includes(`${PUBLIC_ORIGIN}/admin/view-campaign/${id}\n`),
      );
      expect(mail?.text).toContain(`${PUBLIC_ORIGIN}/admin/my-account`);

      // A new entry starts a new stretch: quiet for 3 days, it alerts again.
      await spend(id, 1, '2026-11-23');
      const entered = t.clock.now();
      t.clock.advance(3 * DAY - 60_000);
      await t.app.jobs.runNow(ALERT_JOBS.figuresMissing);
      expect(await alertsOf(adminToken, id)).toHaveLength(1);
      t.clock.advance(60_000);
      await t.app.jobs.runNow(ALERT_JOBS.figuresMissing);
      const alerts = await alertsOf(adminToken, id);
      expect(alerts).toHaveLength(2);
      expect(alerts[0]!.message).toContain(`since 23 Nov 2026, 10:00 UTC`);
      expect(entered.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    });

    it('leaves out campaigns that are not delivering', async () => {
      const people = await team();
      const unpaid = await approved(people.owner.token, { budget_type: 'lifetime' });
      const off = await approved(people.owner.token, { budget_type: 'lifetime', status: 'paused' });
      await pay(people.owner, off);
      t.clock.advance(4 * DAY);
      await t.app.jobs.runNow(ALERT_JOBS.figuresMissing);
      expect(await alertsOf(adminToken, unpaid)).toEqual([]);
      expect(await alertsOf(adminToken, off)).toEqual([]);
    });
  });

  describe('e-mail preferences', () => {
    it("lists each role's own alerts, all e-mailed until turned off", async () => {
      const people = await team();
      const customer = await t.app.inject({
        method: 'GET',
        url: '/api/customer/alert-preferences',
        headers: people.viewer.headers,
      });
      expect(customer.json().data).toEqual([
        { kind: 'budget_80', title: 'Budget 80% spent', description: expect.any(String), email: true },
        { kind: 'budget_100', title: 'Budget spent', description: expect.any(String), email: true },
        { kind: 'period_ending', title: 'Paid week ending', description: expect.any(String), email: true },
        { kind: 'flight_ending', title: 'Campaign ending', description: expect.any(String), email: true },
      ]);
      const admin = await call('GET', '/api/customer/alert-preferences', adminToken);
      expect(admin.json().data.map((preference: { kind: string }) => preference.kind)).toEqual(['figures_missing']);
    });

    it('refuses a kind of the other role, an unknown kind and a bad value with 422', async () => {
      const mine = await call('POST', '/api/customer/alert-preferences', adminToken, {
        kind: 'budget_80',
        email: false,
      });
      expect(mine.statusCode).toBe(422);
      expect(errorBody(mine).errors).toEqual({ kind: [ALERT_MESSAGES.notYours] });
      const unknown = await call('POST', '/api/customer/alert-preferences', adminToken, {
        kind: 'weather',
        email: false,
      });
      expect(unknown.statusCode).toBe(422);
      expect(errorBody(unknown).errors?.kind).toEqual([ALERT_MESSAGES.kindInvalid]);
      const value = await call('POST', '/api/customer/alert-preferences', adminToken, {
        kind: 'figures_missing',
        email: 5,
      });
      expect(value.statusCode).toBe(422);
      expect(errorBody(value).errors).toEqual({ email: [ALERT_MESSAGES.emailInvalid] });
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/customer/alert-preferences',
        headers: { ...bearer(adminToken), 'content-type': 'application/json' },
        payload: 'null',
      });
      expect(empty.statusCode).toBe(422);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/customer/alert-preferences' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('turns an e-mail off from a form, as a checkbox sends it, and back on', async () => {
      const set = (email: boolean) =>
        call('POST', '/api/customer/alert-preferences', adminToken, { kind: 'figures_missing', email });
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/customer/alert-preferences',
        headers: { ...bearer(adminToken), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'kind=figures_missing&email=false',
      });
      expect(form.statusCode, form.body).toBe(200);
      expect(form.json().data).toEqual([expect.objectContaining({ kind: 'figures_missing', email: false })]);
      expect((await set(true)).json().data).toEqual([
        expect.objectContaining({ kind: 'figures_missing', email: true }),
      ]);
    });
  });
});
