import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, ROLE, type Campaign } from '@portal/contract';
import { approveCampaign, wizardOf } from '../../test/campaigns';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

const DAY_MS = 24 * 60 * 60_000;
// Friday 20 November 2026, 10:00 UTC, on the test's own clock: the system's time of the test clock.
const START = '2026-11-20T10:00:00.000Z';

/** The end-to-end tests' clock (plugins/test-clock.ts, README, Tests and checks). */
describe('the test clock', () => {
  describe('without TEST_CLOCK', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('does not exist: both its routes answer 404, to administrators too', async () => {
      const adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
      for (const method of ['POST', 'DELETE'] as const) {
        const answer = await t.app.inject({
          method,
          url: '/api/test/clock',
          headers: bearer(adminToken),
          ...(method === 'POST' && { payload: { advance_days: 3 } }),
        });
        expect(answer.statusCode, method).toBe(404);
      }
      expect(t.app.printRoutes()).not.toContain('test/clock');
    });
  });

  describe('with TEST_CLOCK=true', () => {
    let t: TestApp, adminToken: string;
    const wizard = wizardOf(() => t);
    beforeAll(async () => {
      t = await createTestApp({ env: { TEST_CLOCK: 'true' } });
      t.clock.set(START);
      adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email, undefined, { remember: true });
    });
    afterAll(() => t.close());

    const move = (payload: Record<string, unknown>, token = adminToken) =>
      t.app.inject({ method: 'POST', url: '/api/test/clock', headers: bearer(token), payload });

    it('is for administrators only, and takes a number of days forward', async () => {
      const customerToken = await t.login((await t.createUser({ withBilling: true })).email);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advance_days: 1 } })).statusCode,
      ).toBe(401);
      expect((await move({ advance_days: 1 }, customerToken)).statusCode).toBe(403);
      for (const payload of [{}, { advance_days: 0 }, { advance_days: -1 }, { advance_days: '2' }, { days: 2 }]) {
        expect((await move(payload)).statusCode, JSON.stringify(payload)).toBe(422);
      }
    });

    it('moves the time forward, runs the jobs it makes due at once, and goes back to the system’s time', async () => {
      const user = await t.createUser({ withBilling: true });
      const token = await t.login(user.email, undefined, { remember: true });
      const startDate = addCalendarDays(START.slice(0, 10), 2);
      const campaign = await wizard.createSubmitted(token, { start_date: startDate });
      await approveCampaign(t, adminToken, campaign.id);
      const listed = async () =>
        (
          (
            await t.app.inject({ method: 'GET', url: '/api/customer/my-active-campaigns', headers: bearer(token) })
          ).json().data as Campaign[]
        ).find((row) => row.id === campaign.id)!;
      expect((await listed()).flight_state).toBe('scheduled');

      const moved = await move({ advance_days: 2.5 });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toEqual({ now: new Date(Date.parse(START) + 2.5 * DAY_MS).toISOString() });
      // The flight job ran, and its start's notice was handed to its subscribers, before the answer.
      expect((await listed()).flight_state).toBe('running');
      const notices = await t.app.inject({ method: 'GET', url: '/api/my-notifications', headers: bearer(token) });
      expect(JSON.stringify(notices.json().data)).toMatch(/reached its start date/);

      const back = await t.app.inject({ method: 'DELETE', url: '/api/test/clock', headers: bearer(adminToken) });
      expect(back.json()).toEqual({ now: START });
    });
  });
});
