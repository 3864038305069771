import path from 'node:path';
import { z } from 'zod';
import {
  BRAND_IN_TEXT_MODES,
  DEFAULT_AD_CHECK_SETTINGS,
  DEFAULT_PUBLIC_SETTINGS,
  type AdCheckSettings,
  type PublicSettings,
} from '@portal/contract';
import type { TaxSetting } from './lib/tax';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const TAX_RATE_MESSAGE = 'TAX_RATE must be a percentage from 0 to 100 with at most three decimals, such as 20 or 8.25';

const url = (name: string) => z.url({ error: `${name} must be an absolute URL` });
const flag = (name: string) => z.enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` });
const isOn = (value: string | undefined) => value === 'true' || value === '1';

/** A whole number of at least 1, or unset for the contract's default. */
const count = (name: string) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, `${name} must be a whole number from 1`)
      .transform(Number)
      .refine((value) => value >= 1, `${name} must be a whole number from 1`)
      .optional(),
  );

const RATIOS_MESSAGE = 'AD_ASPECT_RATIOS must be shapes width:height separated by commas, such as 1:1,4:5,1.91:1,9:16';

/** docs/product/campaigns.md, Checks before review: the limits, each unset for its default. */
const adCheckEnv = {
  AD_PRIMARY_TEXT_MAX_LENGTH: count('AD_PRIMARY_TEXT_MAX_LENGTH'),
  AD_PRIMARY_TEXT_VISIBLE_LENGTH: count('AD_PRIMARY_TEXT_VISIBLE_LENGTH'),
  AD_DETAILS_MAX_LENGTH: count('AD_DETAILS_MAX_LENGTH'),
  AD_MEDIA_MIN_WIDTH: count('AD_MEDIA_MIN_WIDTH'),
  AD_MEDIA_MIN_HEIGHT: count('AD_MEDIA_MIN_HEIGHT'),
  AD_ASPECT_RATIOS: optionalText.pipe(
    z
      .string()
      .regex(/^\s*\d+(\.\d+)?:\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?:\d+(\.\d+)?)*\s*$/, RATIOS_MESSAGE)
      .transform((value) => value.split(',').map((ratio) => ratio.trim()))
      .refine((ratios) => ratios.every((ratio) => !/(^|:)0+(\.0+)?$/.test(ratio)), RATIOS_MESSAGE)
      .optional(),
  ),
  AD_ASPECT_RATIO_TOLERANCE: optionalText.pipe(
    z
      .string()
      .regex(/^0(\.\d{1,4})?$/, 'AD_ASPECT_RATIO_TOLERANCE must be a fraction from 0 to 0.5, such as 0.03')
      .transform(Number)
      .refine((value) => value <= 0.5, 'AD_ASPECT_RATIO_TOLERANCE must be a fraction from 0 to 0.5, such as 0.03')
      .optional(),
  ),
  AD_VIDEO_MAX_SECONDS: count('AD_VIDEO_MAX_SECONDS'),
  AD_VIDEO_MAX_MB: count('AD_VIDEO_MAX_MB'),
  AD_BRAND_IN_TEXT: optionalText.pipe(
    z.enum(BRAND_IN_TEXT_MODES, { error: 'AD_BRAND_IN_TEXT must be off, warning or error' }).optional(),
  ),
};

/**
 * What a process does (docs/deploy.md, Roles): `all` serves the API and the web app and runs the
 * background work; `web` only serves; `worker` only runs the background work (jobs and event
 * dispatch) and answers health checks.
 */
const PROCESS_ROLES = ['all', 'web', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/**
 * Every environment variable the server reads, with its default. A bad value stops the
 * process at start-up with a message that names the variable (see formatConfigError).
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(PROCESS_ROLES, { error: `ROLE must be one of ${PROCESS_ROLES.join(', ')}` }).default('all'),
  MIGRATE: flag('MIGRATE').default('true'),
  METRICS: flag('METRICS').default('false'),
  METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'METRICS_PORT must be a port number')
      .transform(Number)
      .refine((port) => port >= 1 && port <= 65535, 'METRICS_PORT must be a port number')
      .optional(),
  ),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  // The standard OpenTelemetry variables (the exporter also reads OTEL_EXPORTER_OTLP_HEADERS itself).
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(url('OTEL_EXPORTER_OTLP_ENDPOINT').optional()),
  OTEL_SERVICE_NAME: optionalText.pipe(z.string().max(100).optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_ORIGIN: optionalText.pipe(url('PUBLIC_ORIGIN').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
  ADMIN_FIRST_NAME: z.string().trim().min(1, 'ADMIN_FIRST_NAME must not be empty').max(100).default('Portal'),
  ADMIN_LAST_NAME: z.string().trim().min(1, 'ADMIN_LAST_NAME must not be empty').max(100).default('Administrator'),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional()),
  REQUIRE_ADMIN_TWO_FACTOR: optionalText.pipe(flag('REQUIRE_ADMIN_TWO_FACTOR').optional()),
  TRUST_PROXY: optionalText,
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  GEOIP_DB: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
  PRODUCT_NAME: z.string().min(1).default(DEFAULT_PUBLIC_SETTINGS.productName),
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an e-mail address').default(DEFAULT_PUBLIC_SETTINGS.supportEmail),
  INFLUENCER_PORTAL_URL: url('INFLUENCER_PORTAL_URL').default(DEFAULT_PUBLIC_SETTINGS.influencerPortalUrl),
  TRAINING_ACADEMY_URL: url('TRAINING_ACADEMY_URL').default(DEFAULT_PUBLIC_SETTINGS.trainingAcademyUrl),
  TERMS_URL: url('TERMS_URL').default(DEFAULT_PUBLIC_SETTINGS.termsUrl),
  PRIVACY_POLICY_URL: url('PRIVACY_POLICY_URL').default(DEFAULT_PUBLIC_SETTINGS.privacyPolicyUrl),
  FAQ_URL: url('FAQ_URL').default(DEFAULT_PUBLIC_SETTINGS.faqUrl),
  WELCOME_VIDEO_URL: optionalText.pipe(url('WELCOME_VIDEO_URL').optional()),
  SELLER_NAME: optionalText.pipe(z.string().max(200, 'SELLER_NAME must be at most 200 characters').optional()),
  SELLER_ADDRESS: optionalText.pipe(z.string().max(500, 'SELLER_ADDRESS must be at most 500 characters').optional()),
  SELLER_TAX_ID: optionalText.pipe(z.string().max(50, 'SELLER_TAX_ID must be at most 50 characters').optional()),
  TAX_RATE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,3})?$/, TAX_RATE_MESSAGE)
      .transform(Number)
      .refine((rate) => rate <= 100, TAX_RATE_MESSAGE)
      .optional(),
  ),
  TAX_INCLUSIVE: flag('TAX_INCLUSIVE').default('true'),
  CARD_PUBLISHABLE_KEY: optionalText,
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STORAGE_SIGNING_SECRET: optionalText.pipe(
    z.string().min(32, 'STORAGE_SIGNING_SECRET must be at least 32 characters').optional(),
  ),
  LINK_SIGNING_SECRET: optionalText.pipe(
    z.string().min(32, 'LINK_SIGNING_SECRET must be at least 32 characters').optional(),
  ),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, 'S3_REGION must be a region name such as us-east-1')
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(flag('S3_FORCE_PATH_STYLE').optional()),
  TEST_CLOCK: flag('TEST_CLOCK').default('false'),
  ...adCheckEnv,
});

type EnvValues = z.output<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  role: ProcessRole;
  /** Whether the process applies migrations at start (MIGRATE=false leaves them to `npm run migrate`). */
  migrate: boolean;
  /** Prometheus metrics (docs/deploy.md, Metrics): off, or served at /metrics on `port` (the API's own when unset), behind `token` if set. */
  metrics: { port: number | undefined; token: string | undefined } | undefined;
  /** OpenTelemetry traces (docs/deploy.md, Traces): off, or sent over OTLP/HTTP to `endpoint`. */
  tracing: { endpoint: string; serviceName: string } | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string;
  admin: { email: string; password: string | undefined; firstName: string; lastName: string };
  /**
   * Administrators sign in with two-factor sign-in, and one without it sets it up while signing
   * in (docs/product/accounts.md, Two-factor sign-in). On by default in production only.
   */
  requireAdminTwoFactor: boolean;
  /** Fastify's trustProxy: false, true, a hop test, or a list of addresses and CIDR ranges. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  redisUrl: string | undefined;
  geoipDb: string | undefined;
  /** SMTP server URL; unset keeps e-mail in the local outbox folder. */
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** The embedded storage's folder (DATA_DIR/storage), used when `s3` is unset. */
  storageDir: string;
  /** Signs the embedded storage's URLs; unset: a secret kept in `storageSigningSecretFile`. */
  storageSigningSecret: string | undefined;
  storageSigningSecretFile: string;
  /**
   * Signs the links e-mails carry that work without signing in (a scheduled report's unsubscribe
   * link, decision 036); unset: a secret kept in `linkSigningSecretFile`.
   */
  linkSigningSecret: string | undefined;
  linkSigningSecretFile: string;
  /** Set when S3_BUCKET is: files live in that bucket instead of `storageDir`. */
  s3: S3Config | undefined;
  /** Set when the Stripe keys are: payments go through Stripe instead of the sandbox. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** Who issues the receipts (docs/product/payments.md, Receipts): the name, and the address and tax id if set. */
  seller: SellerConfig;
  /** The tax invoices show and, when prices do not contain it, payment links ask (TAX_RATE, TAX_INCLUSIVE). */
  tax: TaxSetting;
  logLevel: string;
  webDistDir: string;
  publicSettings: PublicSettings;
  /**
   * The end-to-end tests' movable clock (plugins/test-clock.ts): the portal's time is the system's
   * plus what `POST /api/test/clock` added. Never in production (crossChecks).
   */
  testClock: boolean;
}

export interface SellerConfig {
  name: string;
  address: string | null;
  taxId: string | null;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    // A count trusts that many proxies in front of the server, nearest first.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((entry) => entry.trim());
}

const S3_SETTINGS = [
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** Stripe needs all three: the secret key for its API, the webhook secret, the key for the card form. */
const STRIPE_SETTINGS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'CARD_PUBLISHABLE_KEY'] as const;

/** Rules between variables, each problem as `NAME: why`. */
function crossChecks(e: EnvValues): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    problems.push(
      'SMTP_URL: is required when NODE_ENV=production. Without it e-mail (sign-up codes, reset links) stays in a ' +
        'local folder that only the development mailbox shows, and nobody receives it.',
    );
  }
  const s3Settings = S3_SETTINGS.filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && s3Settings.length > 0) {
    // Without a bucket the S3 settings would be silently ignored and files kept on local disk.
    problems.push(`S3_BUCKET: is required when ${s3Settings.join(', ')} is set`);
  }
  if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set');
  }
  if (e.S3_SECRET_ACCESS_KEY && !e.S3_ACCESS_KEY_ID) {
    problems.push('S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set');
  }
  if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY) {
    // The sandbox marks campaigns paid without taking any money: never for real customers.
    problems.push(
      'STRIPE_SECRET_KEY: is required when NODE_ENV=production (with STRIPE_WEBHOOK_SECRET and ' +
        'CARD_PUBLISHABLE_KEY). Without it payments go through the sandbox, which charges nothing.',
    );
  }
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    // An embedded database belongs to one process: a web process and a worker cannot share it.
    problems.push(`DATABASE_URL: is required with ROLE=${e.ROLE}, since separate processes share one PostgreSQL`);
  }
  const stripeSettings = STRIPE_SETTINGS.filter((name) => e[name] !== undefined);
  if (stripeSettings.length > 0 && stripeSettings.length < STRIPE_SETTINGS.length) {
    // Half a Stripe setup would silently fall back to the sandbox, which charges nothing.
    const missing = STRIPE_SETTINGS.filter((name) => e[name] === undefined);
    problems.push(`${missing.join(', ')}: required with ${stripeSettings.join(', ')} to take payments with Stripe`);
  }
  if (e.NODE_ENV === 'production' && !e.S3_BUCKET && !e.STORAGE_SIGNING_SECRET) {
    // A secret made on one machine's disk would differ between processes sharing the files,
    // and would change whenever that folder is recreated, breaking every link handed out.
    problems.push(
      'STORAGE_SIGNING_SECRET: is required when NODE_ENV=production and files are kept on local disk (no ' +
        'S3_BUCKET), so that every API process accepts the upload and view links the others signed.',
    );
  }
  if (isOn(e.TEST_CLOCK) && e.NODE_ENV === 'production') {
    // Whoever reaches the route would start and end flights, end paid weeks and raise alerts.
    problems.push(
      "TEST_CLOCK: is refused when NODE_ENV=production. It lets the end-to-end tests move the portal's time " +
        '(flights start and end, paid weeks end, alerts are raised), which must never happen to real campaigns.',
    );
  }
  if (isOn(e.TEST_CLOCK) && e.ROLE !== 'all') {
    // The time added lives in one process: another one would run the jobs on the real time.
    problems.push(`TEST_CLOCK: needs ROLE=all, since the time it adds lives in one process (ROLE=${e.ROLE})`);
  }
  return problems;
}

/** The limits of the checks before review: each variable set, else the contract's default. */
function adChecksOf(e: EnvValues): AdCheckSettings {
  const d = DEFAULT_AD_CHECK_SETTINGS;
  return {
    primaryTextMaxLength: e.AD_PRIMARY_TEXT_MAX_LENGTH ?? d.primaryTextMaxLength,
    primaryTextVisibleLength: e.AD_PRIMARY_TEXT_VISIBLE_LENGTH ?? d.primaryTextVisibleLength,
    detailsMaxLength: e.AD_DETAILS_MAX_LENGTH ?? d.detailsMaxLength,
    mediaMinWidth: e.AD_MEDIA_MIN_WIDTH ?? d.mediaMinWidth,
    mediaMinHeight: e.AD_MEDIA_MIN_HEIGHT ?? d.mediaMinHeight,
    aspectRatios: e.AD_ASPECT_RATIOS ?? d.aspectRatios,
    aspectRatioTolerance: e.AD_ASPECT_RATIO_TOLERANCE ?? d.aspectRatioTolerance,
    videoMaxSeconds: e.AD_VIDEO_MAX_SECONDS ?? d.videoMaxSeconds,
    videoMaxBytes: e.AD_VIDEO_MAX_MB === undefined ? d.videoMaxBytes : e.AD_VIDEO_MAX_MB * 1024 * 1024,
    brandInText: e.AD_BRAND_IN_TEXT ?? d.brandInText,
  };
}

/** What the server injects into the page for the front end (decision 004). */
function publicSettingsOf(e: EnvValues): PublicSettings {
  return {
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    influencerPortalUrl: e.INFLUENCER_PORTAL_URL,
    trainingAcademyUrl: e.TRAINING_ACADEMY_URL,
    termsUrl: e.TERMS_URL,
    privacyPolicyUrl: e.PRIVACY_POLICY_URL,
    faqUrl: e.FAQ_URL,
    welcomeVideoUrl: e.WELCOME_VIDEO_URL ?? null,
    cardPublishableKey: e.CARD_PUBLISHABLE_KEY ?? null,
    paymentProvider: e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox',
    // Stored files are served by the API itself (GET /api/files/...), whichever storage holds them.
    storageBaseUrl: DEFAULT_PUBLIC_SETTINGS.storageBaseUrl,
    adChecks: adChecksOf(e),
  };
}

/** Reads the configuration from an environment, throwing a ConfigError that names each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = crossChecks(e);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  const appDir = path.dirname(new URL(import.meta.url).pathname);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    migrate: isOn(e.MIGRATE),
    metrics: isOn(e.METRICS) ? { port: e.METRICS_PORT, token: e.METRICS_TOKEN } : undefined,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME ?? 'advertiser-portal' }
      : undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    admin: {
      email: (e.ADMIN_EMAIL ?? 'admin@example.com').toLowerCase(),
      password: e.ADMIN_PASSWORD,
      firstName: e.ADMIN_FIRST_NAME,
      lastName: e.ADMIN_LAST_NAME,
    },
    requireAdminTwoFactor:
      e.REQUIRE_ADMIN_TWO_FACTOR === undefined ? e.NODE_ENV === 'production' : isOn(e.REQUIRE_ADMIN_TWO_FACTOR),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    geoipDb: e.GEOIP_DB,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${e.PRODUCT_NAME}" <no-reply@localhost>`,
    outboxDir: path.join(path.resolve(e.DATA_DIR), 'outbox'),
    storageDir: path.join(path.resolve(e.DATA_DIR), 'storage'),
    storageSigningSecret: e.STORAGE_SIGNING_SECRET,
    storageSigningSecretFile: path.join(path.resolve(e.DATA_DIR), 'storage-signing-secret'),
    linkSigningSecret: e.LINK_SIGNING_SECRET,
    linkSigningSecretFile: path.join(path.resolve(e.DATA_DIR), 'link-signing-secret'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: isOn(e.S3_FORCE_PATH_STYLE),
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    // The portal's own name until the business behind it is named: a receipt always has a seller.
    seller: {
      name: e.SELLER_NAME ?? e.PRODUCT_NAME,
      address: e.SELLER_ADDRESS ?? null,
      taxId: e.SELLER_TAX_ID ?? null,
    },
    tax: { ratePercent: e.TAX_RATE ?? 0, mode: isOn(e.TAX_INCLUSIVE) ? 'inclusive' : 'exclusive' },
    logLevel: e.LOG_LEVEL,
    // Built and source layouts both sit two levels below apps/, so one relative path serves both.
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(appDir, '../../web/dist')),
    publicSettings: publicSettingsOf(e),
    testClock: isOn(e.TEST_CLOCK),
  };
}

/**
 * Settings that work but are risky, to be logged at start. `TRUST_PROXY=true` believes any
 * X-Forwarded-For, so a client can pick the address that the per-address limits count; in
 * production the number of proxy hops or the proxies' addresses should be given instead.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && config.trustProxy === true) {
    warnings.push(
      'TRUST_PROXY=true believes every X-Forwarded-For header, so clients can choose the address that login and ' +
        'sign-up limits count. Set it to the number of proxies in front of the server (for example 1) or to their ' +
        'addresses (for example 10.0.0.0/8).',
    );
  }
  if (config.testClock) {
    warnings.push("TEST_CLOCK is on: POST /api/test/clock moves the portal's time forward, for end-to-end tests only.");
  }
  return warnings;
}
