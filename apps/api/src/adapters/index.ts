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

/** Picks each adapter's implementation from the configuration: the embedded default or production's. */
export async function createAdapters(config: Config): Promise<Adapters> {
  const geoip = config.geoipDb ? await openMaxmindGeoIp(config.geoipDb) : noGeoIp;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // Fail fast rather than queue: the limiter falls back to in-process counters meanwhile.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  redis?.on('error', () => undefined);
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
