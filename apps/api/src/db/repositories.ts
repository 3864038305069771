import { AuditRepository } from '../modules/audit/audit.repository';
import { NotificationRepository } from '../modules/notifications/notification.repository';
import { FiguresRepository } from '../modules/insights/figures.repository';
import { StatisticsRepository } from '../modules/insights/statistics.repository';
import { CampaignRepository } from '../modules/campaigns/campaign.repository';
import { EventRepository } from '../modules/events/event.repository';
import { MailRepository } from '../modules/mail/mail.repository';
import { MediaRepository } from '../modules/media/media.repository';
import { OneTimeCodeRepository } from '../modules/auth/one-time-code.repository';
import { ResetTokenRepository } from '../modules/auth/reset-token.repository';
import type { SessionCache } from '../modules/auth/session-cache';
import { SessionRepository, type LiveSession } from '../modules/auth/session.repository';
import { SignupSessionRepository } from '../modules/auth/signup-session.repository';
import { BillingRepository } from '../modules/users/billing.repository';
import { PaymentRepository } from '../modules/payments/payment.repository';
import { UserRepository } from '../modules/users/user.repository';
import type { Database } from './database';

/** What repositories share across handles: the process's session cache (decision 013). */
export interface RepositoryCaches {
  sessions?: SessionCache<LiveSession>;
}

/** One repository per table, all on the same handle (the database, or one transaction). */
export function createRepositories(db: Database, caches: RepositoryCaches = {}) {
  return {
    users: new UserRepository(db),
    billing: new BillingRepository(db),
    sessions: new SessionRepository(db, caches.sessions),
    signupSessions: new SignupSessionRepository(db),
    resetTokens: new ResetTokenRepository(db),
    codes: new OneTimeCodeRepository(db),
    mail: new MailRepository(db),
    events: new EventRepository(db),
    campaigns: new CampaignRepository(db),
    media: new MediaRepository(db),
    notifications: new NotificationRepository(db),
    audit: new AuditRepository(db),
    statistics: new StatisticsRepository(db),
    figures: new FiguresRepository(db),
    payments: new PaymentRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * How services reach the data: `repos` for single statements, `withTransaction` for changes
 * that must land together (a password change, the session revocations and the e-mail that
 * tells of it). Services never build repositories themselves, so one module never reaches into
 * another's tables except through the repository it is given.
 */
export interface DataAccess {
  readonly repos: Repositories;
  /** Runs `work` in one transaction, and once more if it meets a deadlock or serialization failure. */
  withTransaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

// PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back
// whole, and the same work run again normally succeeds.
const RETRYABLE_CODES = new Set(['40P01', '40001']);

/** Whether the error, or one it wraps (Drizzle keeps the driver's as `cause`), is one of those. */
export function isRetryableConflict(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
  }
  return false;
}

/**
 * `withTransaction` runs its work again, once, when PostgreSQL rolled it back for a deadlock or
 * a serialization failure, so the caller gets an answer rather than a 500. The work may
 * therefore run twice: it must only touch the database through the repositories it is given
 * (an e-mail is queued there, a provider is called before or after it), so that nothing
 * outside the rolled-back transaction happened twice.
 */
export function createDataAccess(db: Database, caches: RepositoryCaches = {}): DataAccess {
  const attempt = <T>(work: (repos: Repositories) => Promise<T>) =>
    db.transaction((tx) => work(createRepositories(tx, caches)));
  return {
    repos: createRepositories(db, caches),
    withTransaction: async (work) => {
      try {
        return await attempt(work);
      } catch (error) {
        if (!isRetryableConflict(error)) throw error;
        return attempt(work);
      }
    },
  };
}
