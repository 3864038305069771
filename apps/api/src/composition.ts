import type { FastifyBaseLogger } from 'fastify';
import type { Adapters } from './adapters';
import { SandboxProvider } from './adapters/payments/sandbox-provider';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/database';
import { createTransactor, type DataAccess, type RepositoriesOf } from './db/transactor';
import type { Clock } from './lib/clock';
import { JobRunner } from './lib/job-runner';
import type { Metrics } from './lib/metrics';
import { AccountService } from './modules/account/account.service';
import { ApiTokenRepository } from './modules/api-tokens/api-token.repository';
import { ApiTokenService } from './modules/api-tokens/api-token.service';
import { AlertRepository } from './modules/alerts/alert.repository';
import { alertJobs, AlertService } from './modules/alerts/alert.service';
import { AlertSettingsRepository } from './modules/alerts/alert-settings.repository';
import { AdvertiserService } from './modules/advertisers/advertiser.service';
import { InvitationRepository } from './modules/advertisers/invitation.repository';
import { TeamService } from './modules/advertisers/team.service';
import { AvatarStore } from './modules/users/avatar-store';
import { AuditRepository } from './modules/audit/audit.repository';
import { AuthService } from './modules/auth/auth.service';
import { OneTimeCodeRepository } from './modules/credentials/one-time-code.repository';
import { PasswordTries } from './modules/credentials/password-tries';
import { RecoveryCodeRepository } from './modules/credentials/recovery-code.repository';
import { TwoFactorRepository } from './modules/credentials/two-factor.repository';
import { RecoveryService } from './modules/auth/recovery.service';
import { ResetTokenRepository } from './modules/credentials/reset-token.repository';
import { SessionCache } from './modules/auth/session-cache';
import { SessionRepository, type LiveSession } from './modules/auth/session.repository';
import { SignInChallengeRepository } from './modules/auth/sign-in-challenge.repository';
import { SignupSessionRepository } from './modules/auth/signup-session.repository';
import { TwoFactorService } from './modules/auth/two-factor.service';
import { SignupService } from './modules/auth/signup.service';
import { AdTemplateRepository } from './modules/campaigns/ad-template.repository';
import { CampaignRepository } from './modules/campaigns/campaign.repository';
import { campaignJobs, CampaignService } from './modules/campaigns/campaign.service';
import { flightJobs, FlightService } from './modules/campaigns/flight.service';
import { EventDispatcher, eventJobs } from './modules/events/event-dispatcher';
import { EventRepository } from './modules/events/event.repository';
import { FiguresRepository } from './modules/insights/figures.repository';
import { InsightsService } from './modules/insights/insights.service';
import { ReportService } from './modules/insights/report.service';
import { scheduledReportWith } from './modules/insights/report-mail';
import { ReportScheduleRepository } from './modules/insights/report-schedule.repository';
import { reportScheduleJobs, ReportScheduleService } from './modules/insights/report-schedule.service';
import { StatisticsRepository } from './modules/campaigns/statistics.repository';
import { MailRepository } from './modules/mail/mail.repository';
import { Mailer, mailJobs } from './modules/mail/mail.service';
import { subscribeMail } from './modules/mail/mail.subscribers';
import { MediaRepository } from './modules/media/media.repository';
import { mediaJobs, MediaService } from './modules/media/media.service';
import { NotificationHub } from './modules/notifications/notification-hub';
import { NotificationRepository } from './modules/notifications/notification.repository';
import { NotificationService } from './modules/notifications/notification.service';
import { subscribeNotifications } from './modules/notifications/notification.subscribers';
import { AutoPayRepository } from './modules/payments/auto-pay.repository';
import { AUTO_PAY_JOB, autoPayJobs, AutoPayService } from './modules/payments/auto-pay.service';
import { CardService } from './modules/payments/card.service';
import { AdminPaymentService } from './modules/payments/admin-payments.service';
import { PaymentRepository } from './modules/payments/payment.repository';
import { RefundRepository } from './modules/payments/refund.repository';
import { refundJobs, RefundService } from './modules/payments/refund.service';
import { CheckoutService } from './modules/payments/checkout.service';
import { paymentJobs, PaymentPeriodService } from './modules/payments/payment-periods.service';
import { PaymentService } from './modules/payments/payment.service';
import { subscribePayments } from './modules/payments/payment.subscribers';
import { InvoiceRepository } from './modules/invoices/invoice.repository';
import { InvoiceService } from './modules/invoices/invoice.service';
import { subscribeInvoices } from './modules/invoices/invoice.subscribers';
import { ReviewService } from './modules/review/review.service';
import { DeclineReasonService } from './modules/review/decline-reason.service';
import { DeclineReasonRepository } from './modules/review/decline-reason.repository';
import { SharedLinkRepository } from './modules/sharing/shared-link.repository';
import { SharingService } from './modules/sharing/shared-link.service';
import { BillingRepository } from './modules/advertisers/billing.repository';
import { AdvertiserRepository } from './modules/advertisers/advertiser.repository';
import { UserRepository } from './modules/users/user.repository';

/**
 * Every repository of the portal by name, each built on whatever handle it is given (the
 * database, or one transaction). One table, one repository, in the module that owns the table;
 * the session cache is shared by every handle's session repository (decision 013).
 */
function repositoryFactories(sessionCache?: SessionCache<LiveSession>) {
  return {
    users: (db: Database) => new UserRepository(db),
    billing: (db: Database) => new BillingRepository(db),
    advertisers: (db: Database) => new AdvertiserRepository(db),
    invitations: (db: Database) => new InvitationRepository(db),
    sessions: (db: Database) => new SessionRepository(db, sessionCache),
    signupSessions: (db: Database) => new SignupSessionRepository(db),
    resetTokens: (db: Database) => new ResetTokenRepository(db),
    codes: (db: Database) => new OneTimeCodeRepository(db),
    twoFactor: (db: Database) => new TwoFactorRepository(db),
    recoveryCodes: (db: Database) => new RecoveryCodeRepository(db),
    signInChallenges: (db: Database) => new SignInChallengeRepository(db),
    mail: (db: Database) => new MailRepository(db),
    events: (db: Database) => new EventRepository(db),
    campaigns: (db: Database) => new CampaignRepository(db),
    ads: (db: Database) => new AdTemplateRepository(db),
    media: (db: Database) => new MediaRepository(db),
    notifications: (db: Database) => new NotificationRepository(db),
    audit: (db: Database) => new AuditRepository(db),
    declineReasons: (db: Database) => new DeclineReasonRepository(db),
    statistics: (db: Database) => new StatisticsRepository(db),
    figures: (db: Database) => new FiguresRepository(db),
    payments: (db: Database) => new PaymentRepository(db),
    autoPay: (db: Database) => new AutoPayRepository(db),
    invoices: (db: Database) => new InvoiceRepository(db),
    refunds: (db: Database) => new RefundRepository(db),
    alerts: (db: Database) => new AlertRepository(db),
    alertSettings: (db: Database) => new AlertSettingsRepository(db),
    sharedLinks: (db: Database) => new SharedLinkRepository(db),
    apiTokens: (db: Database) => new ApiTokenRepository(db),
    reportSchedules: (db: Database) => new ReportScheduleRepository(db),
  };
}
type Factories = ReturnType<typeof repositoryFactories>;

/** The factories of the named repositories only: what one service's transactions hand out. */
function pick<K extends keyof Factories>(factories: Factories, ...names: K[]): Pick<Factories, K> {
  return Object.fromEntries(names.map((name) => [name, factories[name]])) as Pick<Factories, K>;
}

export interface CompositionOptions {
  config: Config;
  database: DatabaseHandle;
  adapters: Omit<Adapters, 'close'>;
  clock: Clock;
  log: FastifyBaseLogger;
  deliverMailAfterActions?: boolean;
  streamHeartbeatMs?: number;
  /** Set when the process keeps metrics (METRICS=true). */
  metrics?: Metrics;
  /** Signs the links e-mails carry that work without signing in (LINK_SIGNING_SECRET, or one kept in DATA_DIR). */
  linkSecret: string;
}

/**
 * Builds the background machinery (jobs, events, the mail queue) and every service, each
 * handed the repositories and the services it names in its constructor and nothing more.
 */
export function composeServices(options: CompositionOptions) {
  const { database, log } = options;
  // One session cache per process (decision 013): revocations here forget at once, and so do other
  // processes whose notification hub hears of them; the rest within a second.
  const sessionCache = new SessionCache<LiveSession>();
  const repositories = repositoryFactories(sessionCache);
  const data = <K extends keyof Factories>(...names: K[]) =>
    createTransactor(database.db, pick(repositories, ...names));
  const background = composeBackground(options, repositories);
  const { jobs, events, mailer } = background;
  const services = composeProductServices(options, data, mailer);
  const notificationHub = new NotificationHub({
    database,
    notifications: services.notificationService,
    liveSessions: (sessionIds) => services.authService.liveSessions(sessionIds),
    onSessionRevoked: (sessionId) => sessionCache.forgetSession(sessionId),
    heartbeatMs: options.streamHeartbeatMs,
    log,
  });

  // Every module's background work, declared beside the service that does it.
  for (const job of [
    ...eventJobs(events),
    ...mailJobs(mailer),
    ...mediaJobs(services.mediaService),
    ...campaignJobs(services.campaignService),
    ...flightJobs(services.flightService),
    ...paymentJobs(services.paymentPeriodService),
    ...autoPayJobs(services.autoPayService),
    ...refundJobs(services.refundService),
    ...alertJobs(services.alertService),
    ...reportScheduleJobs(services.reportScheduleService),
  ]) {
    jobs.register(job);
  }
  options.metrics?.watch({
    connections: database.connections,
    openStreams: () => notificationHub.openCount,
    mailQueue: () => mailer.queueCounts(),
    events: () => events.backlogCounts(),
  });
  return { ...background, ...services, notificationHub };
}

/** The job runner, the event dispatcher with every module's subscriptions, and the mail queue's sender. */
function composeBackground(options: CompositionOptions, repositories: Factories) {
  const { config, database, adapters, clock, log } = options;
  const { productName, supportEmail } = config.publicSettings;
  const jobs = new JobRunner({ database, log, metrics: options.metrics });
  const events = new EventDispatcher({
    database,
    clock,
    jobs,
    log,
    repositories: pick(
      repositories,
      'mail',
      'notifications',
      'campaigns',
      'users',
      'payments',
      'advertisers',
      'alertSettings',
      'invoices',
    ),
  });
  const mailer = new Mailer({
    data: createTransactor(database.db, pick(repositories, 'mail')),
    transport: adapters.mailTransport,
    clock,
    from: config.mailFrom,
    context: { productName, supportEmail },
    log,
    jobs,
    deliverAfterActions: options.deliverMailAfterActions,
  });
  subscribeMail(events, mailer, config.publicOrigin, config.seller);
  subscribeNotifications(events);
  subscribePayments(events, { tax: config.tax, afterLinkOpened: () => jobs.runSoon(AUTO_PAY_JOB) });
  subscribeInvoices(events, { seller: config.seller, tax: config.tax });
  return { jobs, events, mailer };
}

/** A service's repositories: only the factories it names (`data('campaigns', 'audit')`). */
type DataFor = <K extends keyof Factories>(...names: K[]) => DataAccess<RepositoriesOf<Pick<Factories, K>>>;

/**
 * Every service of the product, each handed the repositories and services it names: one
 * construction per service in the order they depend on each other, read as a list.
 */
function composeProductServices(options: CompositionOptions, data: DataFor, mailer: Mailer) {
  const { config, adapters, clock } = options;
  const { productName, supportEmail } = config.publicSettings;

  const avatars = new AvatarStore(adapters.storage);
  const { limiterFactory } = adapters;
  const passwordTries = new PasswordTries(limiterFactory);
  const authService = new AuthService({
    data: data('users', 'sessions', 'signupSessions', 'events', 'twoFactor', 'signInChallenges'),
    clock,
    passwordTries,
    supportEmail,
    requireAdminTwoFactor: config.requireAdminTwoFactor,
  });
  const twoFactorService = new TwoFactorService({
    data: data('users', 'twoFactor', 'recoveryCodes', 'signInChallenges'),
    clock,
    authService,
    passwordTries,
    issuer: productName,
    requireAdminTwoFactor: config.requireAdminTwoFactor,
  });
  const signupService = new SignupService({
    data: data('users', 'advertisers', 'billing', 'codes', 'mail'),
    clock,
    authService,
    passwordTries,
    limiterFactory,
    mailer,
    avatars,
  });
  const recoveryService = new RecoveryService({
    data: data('users', 'resetTokens', 'codes', 'sessions', 'events', 'mail'),
    clock,
    mailer,
    limiterFactory,
    publicOrigin: config.publicOrigin,
  });
  const accountService = new AccountService({
    data: data('users', 'billing', 'codes', 'resetTokens', 'sessions', 'events', 'mail'),
    clock,
    mailer,
    avatars,
    passwordTries,
  });
  const mediaService = new MediaService({ data: data('media', 'advertisers'), clock, storage: adapters.storage });
  const campaignService = new CampaignService({
    data: data('campaigns', 'ads', 'media', 'advertisers', 'audit', 'events', 'payments', 'statistics'),
    clock,
    media: mediaService,
    adChecks: config.publicSettings.adChecks,
  });
  const reviewService = new ReviewService({
    data: data('campaigns', 'users', 'sessions', 'signupSessions', 'audit', 'events', 'media', 'declineReasons'),
    clock,
    campaigns: campaignService,
  });
  const insightsService = new InsightsService({
    data: data('statistics', 'figures', 'campaigns', 'users', 'payments', 'audit', 'alerts', 'events'),
    clock,
  });
  return {
    authService,
    twoFactorService,
    signupService,
    recoveryService,
    accountService,
    ...composeTeamServices(options, data, mailer, authService),
    mediaService,
    campaignService,
    reviewService,
    declineReasonService: new DeclineReasonService({ data: data('declineReasons', 'audit'), clock }),
    notificationService: new NotificationService({ data: data('notifications'), clock, productName }),
    insightsService,
    flightService: new FlightService({ data: data('campaigns', 'events'), clock }),
    alertService: new AlertService({ data: data('alerts', 'alertSettings', 'campaigns', 'events'), clock }),
    ...composeReportServices(options, data, mailer, mediaService),
    ...composePaymentServices(options, data),
    invoiceService: composeInvoiceService(options, data, mailer),
  };
}

/**
 * Reports over dates; the scheduled reports whose e-mail carries one (docs/product/insights.md);
 * and the shared links that show them (and campaigns' previews) to people without a sign-in.
 */
function composeReportServices(options: CompositionOptions, data: DataFor, mailer: Mailer, mediaService: MediaService) {
  const { adapters, clock } = options;
  const reportService = new ReportService({ data: data('statistics', 'figures', 'campaigns') });
  mailer.register(scheduledReportWith(reportService));
  return {
    reportService,
    reportScheduleService: new ReportScheduleService({
      data: data('reportSchedules', 'campaigns', 'mail'),
      clock,
      mailer,
      publicOrigin: options.config.publicOrigin,
      linkSecret: options.linkSecret,
    }),
    sharingService: new SharingService({
      data: data('sharedLinks', 'advertisers', 'campaigns', 'media'),
      clock,
      limiterFactory: adapters.limiterFactory,
      reports: reportService,
      media: mediaService,
    }),
  };
}

/** Invoices and statements: what they print, and the receipt template that attaches the invoice. */
function composeInvoiceService({ config, clock }: CompositionOptions, data: DataFor, mailer: Mailer) {
  return new InvoiceService({
    data: data('invoices', 'payments', 'advertisers'),
    clock,
    seller: config.seller,
    productName: config.publicSettings.productName,
    mailer,
  });
}

/**
 * Who acts in advertiser accounts: the membership every customer request is checked against, the
 * team's changes, and the personal API tokens the access hook checks (decision 035).
 */
function composeTeamServices(options: CompositionOptions, data: DataFor, mailer: Mailer, authService: AuthService) {
  const { config, adapters, clock } = options;
  return {
    advertiserService: new AdvertiserService({ data: data('advertisers', 'billing'), clock }),
    apiTokenService: new ApiTokenService({ data: data('apiTokens'), clock, limiterFactory: adapters.limiterFactory }),
    teamService: new TeamService({
      data: data('advertisers', 'invitations', 'users', 'audit', 'mail'),
      clock,
      mailer,
      publicOrigin: config.publicOrigin,
      limiterFactory: adapters.limiterFactory,
      signIn: (userId, client) => authService.signInProven(userId, client),
    }),
  };
}

/** Cards, payments, paying and the daily campaigns' weeks, all on one payment provider. */
function composePaymentServices(options: CompositionOptions, data: DataFor) {
  const { config, adapters, clock, log } = options;
  // The sandbox keeps its records in the portal's own database (docs/product/payments.md).
  const provider = adapters.payments ?? new SandboxProvider(options.database.db);
  const cardService = new CardService({ data: data('payments', 'advertisers', 'autoPay'), clock, provider, log });
  const paymentService = new PaymentService({ data: data('payments', 'autoPay', 'refunds'), seller: config.seller });
  const checkoutService = new CheckoutService({
    data: data('payments', 'campaigns', 'advertisers', 'billing', 'audit', 'events'),
    clock,
    provider,
    publicOrigin: config.publicOrigin,
    log,
    cards: cardService,
  });
  const paymentPeriodService = new PaymentPeriodService({
    data: data('payments', 'campaigns', 'advertisers', 'events', 'autoPay'),
    clock,
    provider: provider.kind,
    tax: config.tax,
  });
  const autoPayService = new AutoPayService({
    data: data('payments', 'campaigns', 'advertisers', 'billing', 'audit', 'events', 'autoPay'),
    clock,
    provider,
    log,
    cards: cardService,
  });
  const adminPaymentService = new AdminPaymentService({ data: data('payments'), clock });
  const refundService = new RefundService({
    data: data('payments', 'refunds', 'audit', 'events'),
    clock,
    provider,
    log,
  });
  return {
    cardService,
    paymentService,
    checkoutService,
    paymentPeriodService,
    autoPayService,
    adminPaymentService,
    refundService,
  };
}

export type Services = ReturnType<typeof composeServices>;
