import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import type { Metrics } from './metrics';

/** Where web processes ask the workers for a round of a job (ROLE=web, docs/deploy.md, Roles). */
const JOB_REQUESTS_CHANNEL = 'job_requests';

export interface JobDefinition {
  /** Unique; also names the advisory lock, so every process agrees on it. */
  name: string;
  /** Run on this period once the runner starts; without it the job runs only when asked. */
  everyMs?: number;
  run(): Promise<unknown>;
}

interface JobState {
  definition: JobDefinition;
  lockKey: number;
  running: Promise<void> | undefined;
  /** Asked for again while running: one more round follows, so nothing asked for is missed. */
  again: boolean;
}

/** A stable 31-bit FNV-1a hash of the job's name: its advisory lock key. */
export function lockKeyOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const character of name) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x7fffffff;
}

/**
 * How many rounds, of different jobs, one process runs at once. A round holds a pooled connection
 * for its advisory lock and takes others for its work: with every job's first round at once (a
 * worker starting) the pool of 10 ran dry, each round waited for a second connection that only
 * another round could give back, and all failed at the 5 s connect timeout. Three rounds hold at
 * most six, and requests keep the rest.
 */
export const CONCURRENT_ROUNDS = 3;

/**
 * Background work in the server process (decision 010): jobs that run on a period (the mail
 * queue, event dispatch, clean-ups) and jobs that run when asked (right after an action). Each
 * round of a job holds its advisory lock, so when several processes run, one does the round
 * and the others skip it; within a process, rounds of one job never overlap. A round that
 * fails is logged and the next one tries again: a job's work is kept in the database, so
 * nothing is lost between rounds.
 */
export class JobRunner {
  private readonly jobs = new Map<string, JobState>();
  /** Where rounds of different jobs wait for one of the `CONCURRENT_ROUNDS` places. */
  private readonly places = pLimit(CONCURRENT_ROUNDS);
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;
  /** Set in a web process: rounds asked for are the workers' to run. */
  private handedOff = false;

  constructor(
    private readonly options: {
      database: DatabaseHandle;
      log: FastifyBaseLogger;
      /** Counts each round's outcome when the process keeps metrics. */
      metrics?: Pick<Metrics, 'countJobRound'>;
    },
  ) {}

  register(definition: JobDefinition): void {
    if (this.jobs.has(definition.name)) throw new Error(`The job ${definition.name} is registered twice`);
    this.jobs.set(definition.name, {
      definition,
      lockKey: lockKeyOf(definition.name),
      running: undefined,
      again: false,
    });
  }

  /**
   * Starts a round soon (after the one running, if any), or, in a web process, asks the workers
   * for one. Throws only for a job never registered.
   */
  runSoon(name: string): void {
    this.job(name);
    if (this.handedOff) void this.requestRound(name);
    else void this.runNow(name);
  }

  /**
   * From now on this process runs no rounds: each one asked for is announced to the workers,
   * which listen (`listenForRequests`). A request lost while the database is away is made up
   * for by the job's period.
   */
  handOffToWorkers(): void {
    this.handedOff = true;
  }

  /** Runs the rounds web processes ask for. Resolves once listening, with a function that stops it. */
  listenForRequests(): Promise<() => Promise<void>> {
    return this.options.database.listen(JOB_REQUESTS_CHANNEL, (name) => {
      if (this.jobs.has(name)) this.runSoon(name);
    });
  }

  /**
   * Runs a round and resolves when it is over, never rejecting. A round already running is
   * waited for and followed by a new one, so work queued before the call is done when it resolves.
   */
  async runNow(name: string): Promise<void> {
    const job = this.job(name);
    if (this.stopped) return;
    if (job.running) {
      job.again = true;
      return job.running;
    }
    job.running = this.rounds(job).finally(() => (job.running = undefined));
    return job.running;
  }

  /**
   * Runs a round of every periodic job, one after another in the order they were registered, and
   * resolves when the last is over: what the time passed brings, at once (the tests' clock).
   */
  async runPeriodicNow(): Promise<void> {
    for (const job of this.jobs.values()) {
      if (job.definition.everyMs) await this.runNow(job.definition.name);
    }
  }

  /** Starts the periodic jobs, each with a first round now. */
  start(): void {
    for (const job of this.jobs.values()) {
      const { everyMs, name } = job.definition;
      if (!everyMs) continue;
      const timer = setInterval(() => this.runSoon(name), everyMs);
      timer.unref();
      this.timers.push(timer);
      this.runSoon(name);
    }
  }

  /** Stops the timers and waits for the rounds under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all([...this.jobs.values()].map((job) => job.running));
  }

  private async requestRound(name: string): Promise<void> {
    try {
      await this.options.database.db.execute(sql`select pg_notify(${JOB_REQUESTS_CHANNEL}, ${name})`);
    } catch (error) {
      this.options.log.warn({ err: error, job: name }, 'could not ask the workers for a job round');
    }
  }

  private job(name: string): JobState {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job is called ${name}`);
    return job;
  }

  private async rounds(job: JobState): Promise<void> {
    do {
      job.again = false;
      await this.round(job);
    } while (job.again && !this.stopped);
  }

  private async round(job: JobState): Promise<void> {
    const { database, log, metrics } = this.options;
    const { name } = job.definition;
    try {
      const outcome = await this.places(() =>
        this.stopped ? { acquired: false } : database.withAdvisoryLock(job.lockKey, () => job.definition.run()),
      );
      if (!outcome.acquired) log.debug({ job: name }, 'job round skipped: another process runs it');
      metrics?.countJobRound(name, outcome.acquired ? 'done' : 'skipped');
    } catch (error) {
      log.error({ err: error, job: name }, 'job round failed');
      metrics?.countJobRound(name, 'failed');
    }
  }
}
