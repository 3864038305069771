import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Adapters } from './adapters';
import { LocalFileStorage } from './adapters/storage/local-storage';
import { loadOrCreateSigningSecret } from './adapters/storage/url-signature';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { composeServices, type Services } from './composition';
import { systemClock, type Clock } from './lib/clock';
import { loggerOptions } from './lib/logging';
import { requestIdGenerator, runForRequest } from './lib/request-context';
import { startTracing } from './plugins/tracing';
import { Metrics } from './lib/metrics';
import { apiTokenRoutes } from './modules/api-tokens/api-token.routes';
import { accountRoutes } from './modules/account/account.routes';
import { advertiserRoutes } from './modules/advertisers/advertiser.routes';
import { campaignRoutes } from './modules/campaigns/campaign.routes';
import { filesRoutes } from './modules/account/files.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { recoveryRoutes } from './modules/auth/recovery.routes';
import { signupRoutes } from './modules/auth/signup.routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mailboxRoutes } from './modules/mail/mailbox.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { paymentRoutes } from './modules/payments/payment.routes';
import { invoiceRoutes } from './modules/invoices/invoice.routes';
import { sharingRoutes } from './modules/sharing/sharing.routes';
import { adminPaymentRoutes } from './modules/payments/admin-payments.routes';
import { notificationRoutes } from './modules/notifications/notification.routes';
import { alertRoutes } from './modules/alerts/alert.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { reportScheduleRoutes } from './modules/insights/report-schedule.routes';
import { reviewRoutes } from './modules/review/review.routes';
import { storageRoutes } from './modules/storage/storage.routes';
import authPlugin, { type AuthPluginOptions } from './plugins/auth';
import bodyParsersPlugin from './plugins/body-parsers';
import errorsPlugin, { clientErrorHandler, ERROR_MESSAGES, frameworkErrors } from './plugins/errors';
import { metricsRoute, observeRequests } from './plugins/metrics';
import openapiPlugin from './plugins/openapi';
import { checkRouteDefinition } from './plugins/route-rules';
import { OffsetClock, testClockRoutes } from './plugins/test-clock';
import webPlugin, { loadWebPages } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work; server.ts starts it, tests run its jobs by hand. */
    jobs: Services['jobs'];
    /** Hands recorded events to their subscribers. */
    events: Services['events'];
    /** The e-mail queue's sender. */
    mailer: Services['mailer'];
    /** The process's metrics, when METRICS=true; server.ts serves them on METRICS_PORT when that is set. */
    metrics: Metrics | undefined;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  adapters: Omit<Adapters, 'close'>;
  clock?: Clock;
  /** false for silence (tests); or where to write the log, at the configured level. */
  logger?: false | { stream: NodeJS.WritableStream };
  /** false: the mail queue is delivered only when asked (tests that inspect the queue). */
  deliverMailAfterActions?: boolean;
  /** How often open notification streams are checked; the hub's own period unless a test wants it sooner. */
  streamHeartbeatMs?: number;
  /** More routes for the /api context, behind the same access hook (tests use it to probe the rules). */
  extraApiRoutes?: FastifyPluginAsync;
}

/** JSON bodies above this are refused with 413; uploads have their own limits (body-parsers.ts). */
const JSON_BODY_LIMIT = 1024 * 1024;
/** Longer path values are refused by the router with 414; schemas set the real limits, all below. */
export const MAX_PATH_VALUE_LENGTH = 1000;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, adapters } = options;
  // With TEST_CLOCK the services run on a time the end-to-end tests move forward (plugins/test-clock.ts).
  const testClock = config.testClock ? new OffsetClock(options.clock) : undefined;
  const clock = testClock ?? options.clock ?? systemClock;
  const { productName } = config.publicSettings;

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logger?.stream),
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy !== false),
    bodyLimit: JSON_BODY_LIMIT,
    // A client that stalls must not hold a connection forever.
    requestTimeout: 120_000,
    // Return 503 to new requests while closing, and let in-flight ones finish.
    return503OnClosing: true,
    // Path values are checked by each route's schema (a reset link's token takes up to 200
    // characters); the router's own cut-off sits well above every schema's.
    routerOptions: { maxParamLength: MAX_PATH_VALUE_LENGTH },
    frameworkErrors,
    // Requests that Node's parser refuses, and those without a Host, get the error format too
    // (plugins/errors.ts) rather than Fastify's own body or Node's empty one.
    clientErrorHandler,
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();

  // Before anything else is registered, so that every hook and route is traced.
  if (config.tracing) {
    const tracing = await startTracing(config.tracing, config.role);
    await app.register(tracing.plugin);
    app.addHook('onClose', () => tracing.shutdown());
  }
  app.setValidatorCompiler(validatorCompiler);
  // The id is answered, for a user to quote to support, and stays with everything the request
  // causes (lib/request-context.ts).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    runForRequest(request.id, done);
  });
  app.setSerializerCompiler(serializerCompiler);

  const metrics = config.metrics ? new Metrics() : undefined;
  app.decorate('metrics', metrics);
  if (metrics) {
    await app.register(observeRequests, { metrics });
    if (!config.metrics?.port) await app.register(metricsRoute, { metrics, token: config.metrics?.token });
  }

  const services = composeServices({
    config,
    linkSecret: config.linkSigningSecret ?? (await loadOrCreateSigningSecret(config.linkSigningSecretFile)),
    metrics,
    database,
    adapters,
    clock,
    log: app.log,
    deliverMailAfterActions: options.deliverMailAfterActions,
    streamHeartbeatMs: options.streamHeartbeatMs,
  });
  const { jobs, events, mailer, notificationHub } = services;
  app.decorate('jobs', jobs);
  app.decorate('events', events);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.close();
  });
  // Open streams never end by themselves: they are ended before the server waits for its requests.
  app.addHook('preClose', () => notificationHub.close());

  // The built pages, whose page shell has one inline script, allowed by its hash (decision 017).
  const webPages = loadWebPages(config.webDistDir, config.publicSettings);
  await app.register(helmet, { contentSecurityPolicy: { directives: cspDirectives(config, adapters, webPages) } });
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(openapiPlugin, { productName });
  await app.register(bodyParsersPlugin);

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) => reply.code(404).send({ message: ERROR_MESSAGES.notFound }));
      // A worker serves nothing but its health (docs/deploy.md, Roles).
      if (config.role === 'worker') return api.register(healthRoutes, { database });
      await api.register(authPlugin, accessChecks(services));
      // The product's routes, each checked as it is added; tests' probe routes sit beside them.
      await api.register(productRoutes, { config, database, adapters, services });
      if (options.extraApiRoutes) await api.register(options.extraApiRoutes);
      if (testClock) await api.register(testClockRoutes, { clock: testClock, jobs, events });
    },
    { prefix: '/api' },
  );
  if (config.role === 'worker') return app;

  if (mailer.transportKind === 'outbox' && config.env !== 'production') {
    await app.register(mailboxRoutes, { outboxDir: config.outboxDir, productName });
  }
  await app.register(webPlugin, { distDir: config.webDistDir, pages: webPages });
  return app;
}

/** The Content-Security-Policy: the app's own origin, and only the outside origins it needs. */
function cspDirectives(config: Config, adapters: AppOptions['adapters'], webPages: ReturnType<typeof loadWebPages>) {
  // With Stripe, /balance loads Stripe.js, which talks to Stripe's API and shows its card form in
  // Stripe's frames (docs/product/payments.md, Balance page); without it, nothing outside is allowed.
  const stripeSources = config.stripe ? ['https://js.stripe.com'] : [];
  // Campaign files in S3 are uploaded and viewed at the bucket's own origin; the embedded
  // storage's URLs are the API's paths ('self'). Nothing wider than that one origin is allowed.
  const storageOrigin = adapters.storage.urlOrigin();
  const storageSources = storageOrigin ? [storageOrigin] : [];
  // A welcome video given as a video file plays from wherever it is kept.
  const { welcomeVideoUrl } = config.publicSettings;
  const welcomeVideoSources = welcomeVideoUrl ? [new URL(welcomeVideoUrl).origin] : [];
  return {
    // Mantine sets inline style attributes; scripts stay same-origin only (and Stripe's, with Stripe).
    'script-src': ["'self'", ...stripeSources, ...(webPages?.scriptHashes ?? [])],
    'connect-src': ["'self'", ...storageSources, ...(config.stripe ? ['https://api.stripe.com'] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Previews of a file just picked are object URLs (blob:), a profile picture picked while
    // signing up is read as data:, and the build inlines small images as data: too.
    'img-src': ["'self'", 'data:', 'blob:', ...storageSources],
    // A video just picked in the campaign wizard plays from its object URL (blob:).
    'media-src': ["'self'", 'blob:', ...storageSources, ...welcomeVideoSources],
    'frame-src': ["'self'", 'https:'],
  };
}

/** Every product route under /api: each module's routes, given the services they call. */
/** What the access hook asks of the services: sessions, memberships and personal API tokens. */
function accessChecks(services: Services): AuthPluginOptions {
  return {
    authenticate: (token) => services.authService.authenticate(token),
    membership: (userId, advertiserId) => services.advertiserService.membership(userId, advertiserId),
    apiTokens: services.apiTokenService,
  };
}

async function productRoutes(
  product: FastifyInstance,
  {
    config,
    database,
    adapters,
    services,
  }: Pick<AppOptions, 'config' | 'database' | 'adapters'> & { services: Services },
) {
  const { authService, notificationHub } = services;
  product.addHook('onRoute', checkRouteDefinition);
  await product.register(healthRoutes, { database });
  const secureCookies = config.publicOrigin.startsWith('https://');
  await product.register(authRoutes, { authService, geoip: adapters.geoip, secureCookies });
  await product.register(twoFactorRoutes, { twoFactorService: services.twoFactorService, geoip: adapters.geoip });
  await product.register(signupRoutes, {
    authService,
    signupService: services.signupService,
    geoip: adapters.geoip,
    secureCookies,
  });
  await product.register(recoveryRoutes, { recoveryService: services.recoveryService });
  await product.register(accountRoutes, { accountService: services.accountService });
  await product.register(apiTokenRoutes, { apiTokenService: services.apiTokenService });
  await product.register(advertiserRoutes, {
    advertiserService: services.advertiserService,
    teamService: services.teamService,
    geoip: adapters.geoip,
  });
  await product.register(campaignRoutes, { campaignService: services.campaignService });
  await product.register(mediaRoutes, { mediaService: services.mediaService });
  await product.register(reviewRoutes, {
    reviewService: services.reviewService,
    declineReasonService: services.declineReasonService,
  });
  await product.register(notificationRoutes, {
    notificationService: services.notificationService,
    notificationHub,
  });
  await product.register(alertRoutes, { alertService: services.alertService });
  await product.register(insightsRoutes, {
    insightsService: services.insightsService,
    reportService: services.reportService,
  });
  await product.register(reportScheduleRoutes, { reportScheduleService: services.reportScheduleService });
  await product.register(paymentRoutes, {
    cardService: services.cardService,
    checkoutService: services.checkoutService,
    paymentService: services.paymentService,
    autoPayService: services.autoPayService,
  });
  await product.register(invoiceRoutes, { invoiceService: services.invoiceService });
  await product.register(sharingRoutes, { sharingService: services.sharingService });
  await product.register(adminPaymentRoutes, {
    adminPaymentService: services.adminPaymentService,
    refundService: services.refundService,
  });
  await product.register(filesRoutes, { storage: adapters.storage });
  // The embedded storage's signed URLs point at the API itself; S3's point at the bucket.
  if (adapters.storage instanceof LocalFileStorage) {
    await product.register(storageRoutes, { storage: adapters.storage });
  }
}
