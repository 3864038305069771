import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../../adapters/mail/mail-transport';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { nextAttemptAt } from '../../lib/backoff';
import { requestLogFields } from '../../lib/request-context';
import type { JobDefinition, JobRunner } from '../../lib/job-runner';
import { type MailRepository } from './mail.repository';
import {
  staticTemplates,
  type MailContext,
  type MailParams,
  type MailTemplate,
  type QueuedMail,
} from './mail.templates';

const BATCH_SIZE = 20;
const LOCK_MS = 2 * 60_000;
const POLL_MS = 5_000;
const MAIL_JOB = 'mail.deliver';
/** After this many failed attempts (about a day of retries) a message is given up and logged. */
export const MAX_MAIL_ATTEMPTS = 12;

export interface MailerOptions {
  /** The queue, for delivery rounds; actions queue through the repositories of their own transaction. */
  data: DataAccess<{ mail: MailRepository }>;
  transport: MailTransport;
  clock: Clock;
  from: string;
  context: MailContext;
  log: FastifyBaseLogger;
  /** Starts a delivery round right after an action (the round itself is `mailJobs`). */
  jobs: Pick<JobRunner, 'runSoon'>;
  /**
   * Whether `kick` starts a delivery round right after an action (the default). Tests that must
   * see the queue as the action left it turn it off and call `deliverDue` themselves.
   */
  deliverAfterActions?: boolean;
}

/** Delivery of the queue: on a period, and right after actions (`Mailer.kick`). */
export const mailJobs = (mailer: Mailer): JobDefinition[] => [
  { name: MAIL_JOB, everyMs: POLL_MS, run: () => mailer.deliverDue() },
];

/**
 * Sends queued e-mail. `queue` writes within the caller's transaction; delivery is a job
 * (decision 010) that runs right after an action and again on a period, so a failed send is
 * retried without the user noticing.
 */
/** How the log names a message: its id, and the request that queued it (lib/request-context.ts). */
const about = (message: { id: number; requestId: string | null }) => ({
  mailId: message.id,
  ...requestLogFields(message.requestId),
});

export class Mailer {
  private running: Promise<number> | undefined;
  private readonly templates = new Map<string, MailTemplate>();

  constructor(private readonly options: MailerOptions) {
    for (const template of staticTemplates) this.register(template);
  }

  /** Adds a template whose rendering needs more than its parameters (the reset link). */
  register<P extends MailParams>(template: MailTemplate<P>): void {
    this.templates.set(template.name, template as unknown as MailTemplate);
  }

  get transportKind() {
    return this.options.transport.kind;
  }

  /** Adds a message to the queue through the caller's repositories (a transaction's, so it commits with the action). */
  async queue(repos: { mail: MailRepository }, to: string, mail: QueuedMail): Promise<void> {
    await repos.mail.enqueue({ to, ...mail }, this.options.clock.now());
  }

  /** Starts a delivery round after an action, unless switched off; never throws. */
  kick(): void {
    if (this.options.deliverAfterActions !== false) this.options.jobs.runSoon(MAIL_JOB);
  }

  /** Sends every due message once; resolves with how many were sent. Rounds never overlap. */
  async deliverDue(): Promise<number> {
    if (this.running) await this.running.catch(() => 0);
    this.running = this.deliverRound();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  /** The queue's depth and failures, for the metrics. */
  queueCounts() {
    return this.options.data.repos.mail.queueCounts();
  }

  /** Closes the transport once the jobs have stopped. */
  async close(): Promise<void> {
    await this.running?.catch(() => 0);
    this.options.transport.close();
  }

  private async deliverRound(): Promise<number> {
    const { data, transport, clock, from, context, log } = this.options;
    const repository = data.repos.mail;
    let sent = 0;
    for (;;) {
      const now = clock.now();
      const batch = await repository.claimDue(now, new Date(now.getTime() + LOCK_MS), BATCH_SIZE);
      if (batch.length === 0) return sent;
      for (const message of batch) {
        try {
          const template = this.templates.get(message.template);
          if (!template) throw new Error(`unknown e-mail template ${message.template}`);
          const content = await template.render(message.params ?? {}, context, message.to);
          if (!content) {
            await repository.discard(message.id);
            continue;
          }
          await transport.send({ from, to: message.to, ...content });
          await repository.markSent(message.id, clock.now(), content.subject);
          log.info({ ...about(message), template: message.template }, 'e-mail sent');
          sent += 1;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (message.attempts >= MAX_MAIL_ATTEMPTS) {
            log.error({ ...about(message), err: error }, 'giving up on an e-mail');
            await repository.markFailed(message.id, clock.now(), reason);
          } else {
            log.warn({ ...about(message), attempts: message.attempts, err: error }, 'e-mail not sent, will retry');
            await repository.markRetry(message.id, nextAttemptAt(clock.now(), message.attempts), reason);
          }
        }
      }
      // Failed messages are now due later, so the loop ends once nothing is due.
    }
  }
}
