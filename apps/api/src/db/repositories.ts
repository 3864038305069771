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
  withTransaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

export function createDataAccess(db: Database, caches: RepositoryCaches = {}): DataAccess {
  return {
    repos: createRepositories(db, caches),
    withTransaction: (work) => db.transaction((tx) => work(createRepositories(tx, caches))),
  };
}
