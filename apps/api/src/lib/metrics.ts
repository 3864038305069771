import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read when Prometheus scrapes: each process's own state, and the queues in the database. */
export interface MetricSources {
  /** The connection pool (PostgreSQL only). */
  connections?: () => { open: number; idle: number; waiting: number };
  /** Notification streams open in this process. */
  openStreams: () => number;
  mailQueue: () => Promise<{ waiting: number; retrying: number; failed: number }>;
  events: () => Promise<{ pending: number; retrying: number; abandoned: number }>;
}

export type JobOutcome = 'done' | 'failed' | 'skipped';
export type LoginOutcome = 'refused' | 'limited';

/** Sets one labelled value per state, or none when the database did not answer: a scrape never fails for it. */
function setCounts(gauge: Gauge<'state'>, counts: Record<string, number> | undefined): void {
  gauge.reset();
  for (const [state, count] of Object.entries(counts ?? {})) gauge.set({ state }, count);
}

/** Seconds, from a fast API answer to a slow upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The process's Prometheus metrics (docs/deploy.md, Metrics), built only when METRICS=true, so
 * a process without them pays nothing. Every series the portal adds is named `portal_…`;
 * Node's own (memory, event loop lag, garbage collection) keep prom-client's names.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly jobRounds: Counter<'job' | 'outcome'>;
  private readonly logins: Counter<'outcome'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.jobRounds = new Counter({
      name: 'portal_job_rounds_total',
      help: 'Rounds of background jobs: done, failed, or skipped because another process ran it',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.logins = new Counter({
      name: 'portal_login_failures_total',
      help: 'Logins refused for wrong credentials (refused) or by the login limits (limited)',
      labelNames: ['outcome'],
      registers,
    });
  }

  /** `route` is the matched route's pattern (`/api/campaigns/:id`), never the raw URL, so labels stay few. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  countJobRound(job: string, outcome: JobOutcome): void {
    this.jobRounds.inc({ job, outcome });
  }

  countLoginFailure(outcome: LoginOutcome): void {
    this.logins.inc({ outcome });
  }

  /** Adds the gauges read at each scrape. A queue the database cannot count is left out of that scrape. */
  watch(sources: MetricSources): void {
    const registers = [this.registry];
    const { connections } = sources;
    if (connections) {
      new Gauge({
        name: 'portal_db_connections',
        help: 'Database pool connections: open, idle, and requests waiting for one',
        labelNames: ['state'],
        registers,
        collect() {
          const { open, idle, waiting } = connections();
          this.set({ state: 'open' }, open);
          this.set({ state: 'in_use' }, open - idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }
    new Gauge({
      name: 'portal_event_streams_open',
      help: 'Notification streams open in this process',
      registers,
      collect() {
        this.set(sources.openStreams());
      },
    });
    new Gauge({
      name: 'portal_mail_queue_messages',
      help: 'E-mail waiting to be sent, of which retrying after a failure, and given up',
      labelNames: ['state'],
      registers,
      async collect() {
        setCounts(this, await sources.mailQueue().catch(() => undefined));
      },
    });
    new Gauge({
      name: 'portal_domain_events',
      help: 'Domain events waiting for their subscribers, of which retrying after a failure, and given up',
      labelNames: ['state'],
      registers,
      async collect() {
        setCounts(this, await sources.events().catch(() => undefined));
      },
    });
  }
}
