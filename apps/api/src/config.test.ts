import { describe, expect, it } from 'vitest';
import { DEFAULT_AD_CHECK_SETTINGS } from '@portal/contract';
import { ConfigError, configWarnings, loadConfig } from './config';

/** Production keeps files on local disk unless S3_BUCKET is set, and then needs a signing secret. */
/** What production needs to take payments (docs/product/payments.md, Payment provider). */
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  CARD_PUBLISHABLE_KEY: 'pk_live_abc123',
};

const SIGNING_SECRET = 'a-signing-secret-of-at-least-32-characters';

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.admin).toEqual({
      email: 'admin@example.com',
      password: undefined,
      firstName: 'Portal',
      lastName: 'Administrator',
    });
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
    expect(config.redisUrl).toBeUndefined();
    expect(config.role).toBe('all');
    expect(config.migrate).toBe(true);
  });

  it('reads ROLE and MIGRATE, and refuses separate roles on the embedded database', () => {
    const databaseUrl = 'postgres://portal@db:5432/portal';
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL: databaseUrl, MIGRATE: 'false' })).toMatchObject({
      role: 'worker',
      migrate: false,
    });
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(/DATABASE_URL: is required with ROLE=web/);
    expect(() => loadConfig({ ROLE: 'api', DATABASE_URL: databaseUrl })).toThrow(
      /ROLE: ROLE must be one of all, web, worker/,
    );
    expect(() => loadConfig({ MIGRATE: 'no' })).toThrow(/MIGRATE: MIGRATE must be true or false/);
  });

  it('keeps metrics off unless METRICS=true, and reads their port and token', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9100' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS: 'true' }).metrics).toEqual({ port: undefined, token: undefined });
    const token = 'a-token-of-sixteen-or-more';
    expect(loadConfig({ METRICS: '1', METRICS_PORT: '9100', METRICS_TOKEN: token }).metrics).toEqual({
      port: 9100,
      token,
    });
    expect(() => loadConfig({ METRICS: 'true', METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a port number/);
    expect(() => loadConfig({ METRICS: 'true', METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
  });

  it('names the seller on receipts after the product until SELLER_* say otherwise', () => {
    expect(loadConfig({}).seller).toEqual({ name: 'Advertiser Portal', address: null, taxId: null });
    expect(loadConfig({ PRODUCT_NAME: 'Ads Hub', SELLER_ADDRESS: ' ' }).seller).toEqual({
      name: 'Ads Hub',
      address: null,
      taxId: null,
    });
    expect(
      loadConfig({ SELLER_NAME: 'Ads Ltd', SELLER_ADDRESS: '2 Market Street, Leeds', SELLER_TAX_ID: 'GB123456789' })
        .seller,
    ).toEqual({ name: 'Ads Ltd', address: '2 Market Street, Leeds', taxId: 'GB123456789' });
  });

  it('charges no tax until TAX_RATE is set, in prices that contain it unless TAX_INCLUSIVE=false', () => {
    expect(loadConfig({}).tax).toEqual({ ratePercent: 0, mode: 'inclusive' });
    expect(loadConfig({ TAX_RATE: '20' }).tax).toEqual({ ratePercent: 20, mode: 'inclusive' });
    expect(loadConfig({ TAX_RATE: '8.875', TAX_INCLUSIVE: 'false' }).tax).toEqual({
      ratePercent: 8.875,
      mode: 'exclusive',
    });
    for (const bad of ['-5', '101', '8.2555', '20%', 'twenty', '1e2']) {
      expect(() => loadConfig({ TAX_RATE: bad }), bad).toThrow(/TAX_RATE must be a percentage from 0 to 100/);
    }
    expect(() => loadConfig({ TAX_INCLUSIVE: 'maybe' })).toThrow(/TAX_INCLUSIVE must be true or false/);
  });

  it('reads the limits of the checks before review over their defaults, and hands them to the pages', () => {
    expect(loadConfig({}).publicSettings.adChecks).toEqual(DEFAULT_AD_CHECK_SETTINGS);
    const config = loadConfig({
      AD_PRIMARY_TEXT_MAX_LENGTH: '500',
      AD_ASPECT_RATIOS: ' 1:1, 9:16 ',
      AD_ASPECT_RATIO_TOLERANCE: '0.05',
      AD_VIDEO_MAX_MB: '100',
      AD_BRAND_IN_TEXT: 'error',
    });
    expect(config.publicSettings.adChecks).toEqual({
      ...DEFAULT_AD_CHECK_SETTINGS,
      primaryTextMaxLength: 500,
      aspectRatios: ['1:1', '9:16'],
      aspectRatioTolerance: 0.05,
      videoMaxBytes: 100 * 1024 * 1024,
      brandInText: 'error',
    });
    for (const [name, bad, message] of [
      ['AD_PRIMARY_TEXT_MAX_LENGTH', '0', /AD_PRIMARY_TEXT_MAX_LENGTH must be a whole number from 1/],
      ['AD_VIDEO_MAX_SECONDS', '1.5', /AD_VIDEO_MAX_SECONDS must be a whole number from 1/],
      ['AD_ASPECT_RATIOS', '16x9', /AD_ASPECT_RATIOS must be shapes width:height/],
      ['AD_ASPECT_RATIOS', '1:0', /AD_ASPECT_RATIOS must be shapes width:height/],
      ['AD_ASPECT_RATIO_TOLERANCE', '0.7', /AD_ASPECT_RATIO_TOLERANCE must be a fraction/],
      ['AD_BRAND_IN_TEXT', 'always', /AD_BRAND_IN_TEXT must be off, warning or error/],
    ] as const) {
      expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(message);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: ' ' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ PUBLIC_ORIGIN: 'example.com' }, 'PUBLIC_ORIGIN'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TERMS_URL: 'terms' }, 'TERMS_URL'],
    [{ STORAGE_SIGNING_SECRET: 'short' }, 'STORAGE_SIGNING_SECRET'],
    [{ S3_BUCKET: 'My_Bucket' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://files.example.com' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'localhost:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'media', S3_REGION: 'EU West' }, 'S3_REGION'],
    [{ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIA123' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
  ])('stops with a message naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('reads a trusted proxy as a flag, a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
  });

  it('lower-cases the administrator e-mail and drops a trailing slash from the origin', () => {
    const config = loadConfig({ ADMIN_EMAIL: 'Boss@Example.com', PUBLIC_ORIGIN: 'https://ads.example.com/' });
    expect(config.admin.email).toBe('boss@example.com');
    expect(config.publicOrigin).toBe('https://ads.example.com');
  });

  it('refuses to start in production without SMTP_URL, saying why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: is required when NODE_ENV=production/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.com:587',
        STORAGE_SIGNING_SECRET: SIGNING_SECRET,
        ...STRIPE_KEYS,
      }).env,
    ).toBe('production');
  });

  it('requires two-factor sign-in of administrators in production only, unless REQUIRE_ADMIN_TWO_FACTOR says otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      STORAGE_SIGNING_SECRET: SIGNING_SECRET,
      ...STRIPE_KEYS,
    };
    expect(loadConfig({}).requireAdminTwoFactor).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_TWO_FACTOR: 'true' }).requireAdminTwoFactor).toBe(true);
    expect(loadConfig(production).requireAdminTwoFactor).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_ADMIN_TWO_FACTOR: 'false' }).requireAdminTwoFactor).toBe(false);
    expect(loadConfig({ ...production, REQUIRE_ADMIN_TWO_FACTOR: '' }).requireAdminTwoFactor).toBe(true);
    expect(() => loadConfig({ REQUIRE_ADMIN_TWO_FACTOR: 'yes' })).toThrow(
      /REQUIRE_ADMIN_TWO_FACTOR: REQUIRE_ADMIN_TWO_FACTOR must be true or false/,
    );
  });

  it('warns about TRUST_PROXY=true in production only, and not about a hop count or a list', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      STORAGE_SIGNING_SECRET: SIGNING_SECRET,
      ...STRIPE_KEYS,
    };
    expect(configWarnings(loadConfig({ ...production, TRUST_PROXY: 'true' }))).toEqual([
      expect.stringMatching(/^TRUST_PROXY=true believes every X-Forwarded-For header/),
    ]);
    expect(configWarnings(loadConfig({ ...production, TRUST_PROXY: '1' }))).toEqual([]);
    expect(configWarnings(loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8' }))).toEqual([]);
    expect(configWarnings(loadConfig({ TRUST_PROXY: 'true' }))).toEqual([]);
  });

  it('moves time only with TEST_CLOCK=true, and refuses it in production and beside other processes', () => {
    expect(loadConfig({}).testClock).toBe(false);
    const config = loadConfig({ TEST_CLOCK: 'true' });
    expect(config.testClock).toBe(true);
    expect(configWarnings(config)).toEqual([expect.stringMatching(/^TEST_CLOCK is on: POST \/api\/test\/clock/)]);
    expect(() => loadConfig({ TEST_CLOCK: 'on' })).toThrow(/TEST_CLOCK: TEST_CLOCK must be true or false/);
    // Everything else production needs is there: the test clock is the one problem named.
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      STORAGE_SIGNING_SECRET: SIGNING_SECRET,
      ...STRIPE_KEYS,
    };
    expect(loadConfig({ ...production, TEST_CLOCK: 'false' }).testClock).toBe(false);
    expect(() => loadConfig({ ...production, TEST_CLOCK: 'true' })).toThrow(
      /^Invalid configuration:\n {2}TEST_CLOCK: is refused when NODE_ENV=production\. It lets the end-to-end tests move the portal's time/,
    );
    expect(() =>
      loadConfig({ TEST_CLOCK: '1', ROLE: 'worker', DATABASE_URL: 'postgres://portal@db:5432/portal' }),
    ).toThrow(/TEST_CLOCK: needs ROLE=all, since the time it adds lives in one process \(ROLE=worker\)/);
  });

  it('keeps files on local disk by default, signing with a secret kept in the data folder', () => {
    const config = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(config.s3).toBeUndefined();
    expect(config.storageDir).toBe('/srv/portal/storage');
    expect(config.storageSigningSecret).toBeUndefined();
    expect(config.storageSigningSecretFile).toBe('/srv/portal/storage-signing-secret');
    expect(loadConfig({ STORAGE_SIGNING_SECRET: SIGNING_SECRET }).storageSigningSecret).toBe(SIGNING_SECRET);
  });

  it('keeps files in a bucket when S3_BUCKET is set, with the S3 settings read', () => {
    expect(loadConfig({ S3_BUCKET: 'portal-media' }).s3).toEqual({
      bucket: 'portal-media',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const config = loadConfig({
      S3_BUCKET: 'portal-media',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'key-secret',
    });
    expect(config.s3).toEqual({
      bucket: 'portal-media',
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
    });
  });

  it('requires STORAGE_SIGNING_SECRET in production only when files are kept on local disk', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', ...STRIPE_KEYS };
    expect(() => loadConfig(production)).toThrow(/^Invalid configuration:\n {2}STORAGE_SIGNING_SECRET: is required/);
    expect(loadConfig({ ...production, S3_BUCKET: 'portal-media' }).s3?.bucket).toBe('portal-media');
  });

  it('refuses to start in production on the sandbox, which takes no money', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', S3_BUCKET: 'portal-media' };
    expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY: is required when NODE_ENV=production/);
    expect(loadConfig({ ...production, ...STRIPE_KEYS }).stripe?.secretKey).toBe('sk_live_abc123');
  });

  it('takes payments with Stripe only when its three keys are set, and names the missing ones', () => {
    const defaults = loadConfig({});
    expect(defaults.stripe).toBeUndefined();
    expect(defaults.publicSettings.paymentProvider).toBe('sandbox');
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      CARD_PUBLISHABLE_KEY: 'pk_test_abc123',
    };
    const stripe = loadConfig(keys);
    expect(stripe.stripe).toEqual({ secretKey: 'sk_test_abc123', webhookSecret: 'whsec_abc123' });
    expect(stripe.publicSettings).toMatchObject({ paymentProvider: 'stripe', cardPublishableKey: 'pk_test_abc123' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET, CARD_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_wrong' })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
  });
});
