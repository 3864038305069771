import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import { buildRepositories, type RepositoriesOf, type RepositoryFactories } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { nextAttemptAt } from '../../lib/backoff';
import { requestLogFields, runForRequest } from '../../lib/request-context';
import type { JobDefinition, JobRunner } from '../../lib/job-runner';
import { DOMAIN_EVENTS_CHANNEL, type DomainEvent, type DomainEventType } from './domain-events';
import { EventRepository } from './event.repository';

const BATCH_SIZE = 50;
const POLL_MS = 5_000;
/** After this many failed rounds (about a day) an event is given up and logged. */
export const MAX_EVENT_ATTEMPTS = 12;
/** Processed events are kept this long for investigation, then pruned. */
export const PROCESSED_EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;

export interface SubscriberContext<R> {
  /** Repositories in the dispatch's transaction: what a subscriber writes commits with the event's "processed" mark. */
  repos: R;
  /** Runs once that transaction has committed (to wake a job that sends what was written). */
  afterCommit(callback: () => void): void;
}

export type EventSubscriber<T extends DomainEventType, R> = (
  event: DomainEvent<T>,
  context: SubscriberContext<R>,
) => Promise<void>;

/** Where a module subscribes to events; `R` names the repositories its subscribers write through. */
export interface EventSubscriptions<R> {
  subscribe<T extends DomainEventType>(type: T, name: string, handle: EventSubscriber<T, R>): void;
}

export const EVENT_JOBS = { dispatch: 'events.dispatch', prune: 'events.prune' } as const;

/** Dispatch on a poll (and when woken by NOTIFY), and the hourly pruning of processed events. */
export const eventJobs = (events: {
  dispatchPending(): Promise<number>;
  pruneProcessed(): Promise<number>;
}): JobDefinition[] => [
  { name: EVENT_JOBS.dispatch, everyMs: POLL_MS, run: () => events.dispatchPending() },
  { name: EVENT_JOBS.prune, everyMs: 60 * 60_000, run: () => events.pruneProcessed() },
];

/**
 * Hands each recorded event to its subscribers (decision 010). All subscribers of an event run
 * in one savepoint with the event's "processed" mark, so their writes land exactly once: if one
 * fails, none of them has happened, and the event is retried later with a growing delay.
 * Dispatch runs as a job, woken by the NOTIFY every recorded event sends and by a poll.
 */
export class EventDispatcher<F extends RepositoryFactories> implements EventSubscriptions<RepositoriesOf<F>> {
  private readonly subscribers = new Map<
    DomainEventType,
    { name: string; handle: EventSubscriber<never, RepositoriesOf<F>> }[]
  >();

  constructor(
    private readonly options: {
      database: DatabaseHandle;
      clock: Clock;
      /** Wakes dispatch when an event commits (the rounds themselves are `eventJobs`). */
      jobs: Pick<JobRunner, 'runSoon'>;
      log: FastifyBaseLogger;
      /** The repositories every subscriber is handed, built on the event's savepoint. */
      repositories: F;
    },
  ) {}

  subscribe<T extends DomainEventType>(type: T, name: string, handle: EventSubscriber<T, RepositoriesOf<F>>): void {
    const list = this.subscribers.get(type) ?? [];
    list.push({ name, handle: handle as EventSubscriber<never, RepositoriesOf<F>> });
    this.subscribers.set(type, list);
  }

  /** Wakes dispatch whenever an event commits, in any process; resolves with a function that stops it. */
  listen(): Promise<() => Promise<void>> {
    return this.options.database.listen(DOMAIN_EVENTS_CHANNEL, () => this.options.jobs.runSoon(EVENT_JOBS.dispatch));
  }

  /** The backlog and the events given up, for the metrics. */
  backlogCounts() {
    return new EventRepository(this.options.database.db).backlogCounts();
  }

  /** Dispatches every event that is due; resolves with how many were processed. */
  async dispatchPending(): Promise<number> {
    let processed = 0;
    for (;;) {
      const committed: (() => void)[] = [];
      const { claimed, done } = await this.options.database.db.transaction(async (tx) => {
        const batch = await new EventRepository(tx).claimPending(this.options.clock.now(), BATCH_SIZE);
        let handled = 0;
        for (const event of batch) {
          const callbacks: (() => void)[] = [];
          try {
            // Subscribers run as part of the request that recorded the event: what they queue
            // (e-mails) carries its id on, and so do the log lines about it.
            await runForRequest(event.requestId, () =>
              tx.transaction(async (savepoint) => {
                const context = {
                  repos: buildRepositories(savepoint, this.options.repositories),
                  afterCommit: (fn: () => void) => callbacks.push(fn),
                };
                for (const subscriber of this.subscribers.get(event.type) ?? []) {
                  await subscriber.handle(event as never, context);
                }
                await new EventRepository(savepoint).markProcessed(event.id, this.options.clock.now());
              }),
            );
            committed.push(...callbacks);
            handled += 1;
          } catch (error) {
            await this.failed(new EventRepository(tx), event, error);
          }
        }
        return { claimed: batch.length, done: handled };
      });
      processed += done;
      for (const callback of committed) callback();
      // Failed events are now due later, so the loop ends once nothing is due.
      if (claimed < BATCH_SIZE) return processed;
    }
  }

  private async failed(events: EventRepository, event: DomainEvent & { attempts: number }, error: unknown) {
    const { clock, log } = this.options;
    const attempts = event.attempts + 1;
    const reason = error instanceof Error ? error.message : String(error);
    const about = { eventId: event.id, type: event.type, ...requestLogFields(event.requestId) };
    if (attempts >= MAX_EVENT_ATTEMPTS) {
      log.error({ ...about, err: error }, 'giving up on an event');
      await events.markAbandoned(event.id, attempts, clock.now(), reason);
    } else {
      log.warn({ ...about, attempts, err: error }, 'event not handled, will retry');
      await events.markRetry(event.id, attempts, nextAttemptAt(clock.now(), attempts), reason);
    }
  }

  async pruneProcessed(): Promise<number> {
    const before = new Date(this.options.clock.now().getTime() - PROCESSED_EVENT_RETENTION_MS);
    return new EventRepository(this.options.database.db).pruneProcessed(before);
  }
}
