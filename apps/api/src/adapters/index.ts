import { Redis } from 'ioredis';
import type { Config } from '../config';
import { noGeoIp, type GeoIpLookup } from './geoip/geoip';
import { createOutboxTransport, createSmtpTransport, type MailTransport } from './mail/mail-transport';
import { createLocalStorage } from './storage/local-storage';
import { createS3Storage } from './storage/s3-storage';
import type { FileStorage } from './storage/storage';
import type { PaymentProvider } from './payments/payment-provider';
import { createStripeProvider } from './payments/stripe-provider';
import { loadOrCreateSigningSecret } from './storage/url-signature';
import { openMaxmindGeoIp } from './geoip/maxmind-geoip';
import { memoryLimiterFactory, redisLimiterFactory, type LimiterFactory } from './rate-limit/rate-limiter';

export interface Adapters {
  limiterFactory: LimiterFactory;
  geoip: GeoIpLookup;
  mailTransport: MailTransport;
  storage: FileStorage;
  /** Stripe when configured; unset, the app runs the sandbox on its own database. */
  payments?: PaymentProvider;
  close(): Promise<void>;
}

/** Files in the S3 bucket when one is configured, otherwise under DATA_DIR/storage. */
async function createStorage(config: Config): Promise<FileStorage> {
  if (config.s3) return createS3Storage(config.s3);
  const signingSecret =
    config.storageSigningSecret ?? (await loadOrCreateSigningSecret(config.storageSigningSecretFile));
  return createLocalStorage(config.storageDir, { signingSecret });
}

/** Where adapters report a dependency going away and coming back. */
export interface AdapterLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/**
 * Says once when Redis stops answering and once when it is back: meanwhile each process counts
 * login attempts on its own (docs/deploy.md, When Redis is down).
 */
function reportRedisOutages(redis: Redis, log: AdapterLog): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'Redis does not answer: login limits are counted by each process on its own until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis answers again: login limits are shared by every process');
  });
}

/** Picks each adapter's implementation from the configuration: the embedded default or production's. */
export async function createAdapters(config: Config, log: AdapterLog): Promise<Adapters> {
  const geoip = config.geoipDb ? await openMaxmindGeoIp(config.geoipDb) : noGeoIp;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // Fail fast rather than queue: the limiter falls back to in-process counters meanwhile.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) reportRedisOutages(redis, log);
  const storage = await createStorage(config);
  return {
    limiterFactory: redis ? redisLimiterFactory(redis) : memoryLimiterFactory,
    geoip,
    mailTransport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createOutboxTransport(config.outboxDir),
    storage,
    payments: config.stripe ? createStripeProvider(config.stripe) : undefined,
    async close() {
      await geoip.close();
      await storage.close();
      redis?.disconnect();
    },
  };
}
