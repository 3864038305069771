import { expect, type APIRequestContext } from '@playwright/test';
import { tokenOf } from './campaigns';
import { ADMIN } from './server-env';

/**
 * The server's movable clock (TEST_CLOCK, README, Tests and checks), for administrators only. A
 * spec that moves it goes back with `resetServerClock` after each test, so every other spec runs
 * on the day its browser shows.
 */
async function callClock(request: APIRequestContext, method: 'post' | 'delete', data?: object): Promise<Date> {
  const answer = await request[method]('/api/test/clock', {
    headers: { authorization: `Bearer ${await tokenOf(request, ADMIN)}` },
    data,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return new Date((await answer.json()).now as string);
}

/** Moves the server's time forward by `days`; answers once the jobs that came due have run, with the new time. */
export const advanceServerClock = (request: APIRequestContext, days: number) =>
  callClock(request, 'post', { advance_days: days });

/** Back to the system's time. */
export const resetServerClock = (request: APIRequestContext) => callClock(request, 'delete');
