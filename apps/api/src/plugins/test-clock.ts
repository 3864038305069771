import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock, type Clock } from '../lib/clock';
import type { JobRunner } from '../lib/job-runner';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The portal's time while the end-to-end tests run (TEST_CLOCK=true, README, Tests and checks):
 * the base clock's time plus what the tests added. Flights start at their account's midnight,
 * paid weeks end and alerts fall due on the services' clock (decision 028), so a test shows a
 * campaign that starts in three days without waiting three days. Only the services read it: signed
 * file links stay on the system's time, which S3 checks them against.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to the base clock's time, so the next test starts on the day its browser shows. */
  reset(): void {
    this.offsetMs = 0;
  }
}

const moveBody = z.strictObject({ advance_days: z.number().positive().max(366) });

export interface TestClockRoutesOptions {
  clock: OffsetClock;
  jobs: Pick<JobRunner, 'runPeriodicNow'>;
  /** The event dispatcher, which hands on what the jobs recorded (notifications, e-mails, payment links). */
  events: { dispatchPending(): Promise<number> };
}

/**
 * `POST /api/test/clock` with `{ "advance_days": n }` moves the portal's time forward and answers
 * once the jobs have caught up with it, with the new time (`{ now }`); `DELETE /api/test/clock` goes
 * back to the system's time between tests. Registered only with TEST_CLOCK=true, which the
 * configuration refuses in production; without it both answer 404 like any unknown address.
 */
export const testClockRoutes: FastifyPluginAsync<TestClockRoutesOptions> = async (app, { clock, jobs, events }) => {
  // A tool of the tests, not part of the API: left out of its description, and for administrators.
  const config = { access: 'admin' as const };
  const answer = () => ({ now: clock.now().toISOString() });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/test/clock', { config, schema: { hide: true, body: moveBody } }, async (request) => {
      clock.advance(request.body.advance_days * DAY_MS);
      // What the time passed brings, at once: a round of every periodic job, then their events.
      await jobs.runPeriodicNow();
      await events.dispatchPending();
      return answer();
    });

  app.delete('/test/clock', { config, schema: { hide: true } }, async () => {
    clock.reset();
    return answer();
  });
};
