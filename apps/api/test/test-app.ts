import { asc, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, LightMyRequestResponse } from 'fastify';
import { ROLE, type SessionInfo, SIGNUP_STEP } from '@portal/contract';
import { memoryLimiterFactory, type LimiterFactory } from '../src/adapters/rate-limit/rate-limiter';
import { noGeoIp, type GeoIpLookup } from '../src/adapters/geoip/geoip';
import { createOutboxTransport, type MailTransport } from '../src/adapters/mail/mail-transport';
import { createLocalStorage } from '../src/adapters/storage/local-storage';
import type { FileStorage } from '../src/adapters/storage/storage';
import type { PaymentProvider } from '../src/adapters/payments/payment-provider';
import { buildApp } from '../src/app';
import { readOutbox, type MailboxMessage } from '../src/modules/mail/mailbox.routes';
import { loadConfig, type Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { advertiserMembers, advertisers, billingDetails, users, type NewUser } from '../src/db/schema';
import type { Clock } from '../src/lib/clock';
import { hashPassword } from '../src/lib/passwords';
import { openTestDatabase } from './test-database';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date | string) {
    this.current = new Date(date);
  }
}

export const TEST_PASSWORD = 'Correct-horse1';

export interface TestAppOptions {
  env?: Record<string, string>;
  limiterFactory?: LimiterFactory;
  geoip?: GeoIpLookup;
  mailTransport?: MailTransport;
  /** Files kept elsewhere than the embedded storage (the S3 tests); closed with the app. */
  storage?: FileStorage;
  extraApiRoutes?: FastifyPluginAsync;
  /** Where to write the server's log (at LOG_LEVEL); silent without it. */
  logger?: { stream: NodeJS.WritableStream };
  /** false: mail waits in the queue until the test calls `mail()` or `app.mailer.deliverDue()`. */
  deliverMailAfterActions?: boolean;
  /** Another app's database, for a second API instance on it; left open by `close`. */
  database?: DatabaseHandle;
  /** How often open notification streams are checked (milliseconds); the hub's own period otherwise. */
  streamHeartbeatMs?: number;
  /** A payment provider other than the sandbox (the Stripe tests); closed with the app. */
  payments?: PaymentProvider;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  clock: TestClock;
  /** The app's file storage: the embedded one, on this clock, unless the test gave another. */
  storage: FileStorage;
  /** A user with a finished sign-up (unless told otherwise) and the password TEST_PASSWORD. */
  createUser(fields?: Partial<NewUser> & { withBilling?: boolean }): Promise<typeof users.$inferSelect>;
  /** The id of the user's first advertiser account (a customer from `createUser` owns one). */
  advertiserOf(userId: number): Promise<number>;
  /** Logs in and returns the bearer token, failing the test if the login does not succeed. */
  login(email: string, password?: string, extra?: Record<string, unknown>): Promise<string>;
  /** Logs a new user in from the given address and headers; returns the session the server described. */
  sessionInfoOfLogin(request: { remoteAddress: string; headers?: Record<string, string> }): Promise<SessionInfo>;
  /** Sends what the mail queue holds and returns the outbox, newest first. */
  mail(): Promise<MailboxMessage[]>;
  /** The six-digit code of the newest message to `email`. */
  latestCode(email: string): Promise<string>;
  dataDir: string;
  close(): Promise<void>;
}

let userCounter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now()}-${++userCounter}@example.com`;

// Hashing at full strength is the slow part of creating users; every test user shares one hash.
let sharedPasswordHash: Promise<string> | undefined;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    // What production requires, so a test can switch NODE_ENV alone.
    STORAGE_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    ...options.env,
  });
  const clock = new TestClock();
  const storage =
    options.storage ?? createLocalStorage(config.storageDir, { signingSecret: config.storageSigningSecret, clock });
  const app = await buildApp({
    config,
    database,
    clock,
    logger: options.logger ?? false,
    adapters: {
      limiterFactory: options.limiterFactory ?? memoryLimiterFactory,
      geoip: options.geoip ?? noGeoIp,
      mailTransport: options.mailTransport ?? createOutboxTransport(config.outboxDir),
      storage,
      payments: options.payments,
    },
    extraApiRoutes: options.extraApiRoutes,
    deliverMailAfterActions: options.deliverMailAfterActions,
    streamHeartbeatMs: options.streamHeartbeatMs,
  });
  await app.ready();

  const mail = async () => {
    // Notices follow from events: dispatch them into the queue, then send what is due.
    await app.events.dispatchPending();
    await app.mailer.deliverDue();
    return readOutbox(config.outboxDir);
  };

  const testApp: TestApp = {
    app,
    database,
    config,
    clock,
    storage,
    async createUser({ withBilling = false, ...fields } = {}) {
      sharedPasswordHash ??= hashPassword(TEST_PASSWORD);
      const [user] = await database.db
        .insert(users)
        .values({
          email: uniqueEmail(),
          passwordHash: await sharedPasswordHash,
          roleId: ROLE.customer,
          firstName: 'Test',
          lastName: 'User',
          registrationStep: SIGNUP_STEP.complete,
          ...fields,
        })
        .returning();
      // A customer owns an advertiser account from sign-up on (docs/product/teams.md).
      if (user!.roleId === ROLE.admin) return user!;
      const [advertiser] = await database.db
        .insert(advertisers)
        .values({ name: `${user!.firstName ?? ''} ${user!.lastName ?? ''}`.trim() || user!.email })
        .returning();
      await database.db
        .insert(advertiserMembers)
        .values({ advertiserId: advertiser!.id, userId: user!.id, role: 'owner', joinedAt: clock.now() });
      if (withBilling) {
        await database.db.insert(billingDetails).values({
          advertiserId: advertiser!.id,
          type: 'company',
          businessName: 'Acme Ads',
          taxId: 'TAX-1',
          currency: 'usd',
          country: 'us',
          address: '1 Main Street',
          city: 'Springfield',
          state: 'Illinois',
          postalCode: '62701',
        });
      }
      return user!;
    },
    async advertiserOf(userId) {
      const [row] = await database.db
        .select({ id: advertiserMembers.advertiserId })
        .from(advertiserMembers)
        .where(eq(advertiserMembers.userId, userId))
        .orderBy(asc(advertiserMembers.joinedAt), asc(advertiserMembers.advertiserId))
        .limit(1);
      if (!row) throw new Error(`user ${userId} belongs to no advertiser account`);
      return row.id;
    },
    async login(email, password = TEST_PASSWORD, extra = {}) {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password, ...extra } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json<{ access_token: string }>().access_token;
    },
    async sessionInfoOfLogin({ remoteAddress, headers = {} }) {
      const user = await testApp.createUser();
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: TEST_PASSWORD },
        remoteAddress,
        headers,
      });
      return response.json<{ session_info: SessionInfo }>().session_info;
    },
    mail,
    async latestCode(email) {
      const message = (await mail()).find((candidate) => candidate.to.includes(email));
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was e-mailed to ${email}`);
      return code;
    },
    dataDir,
    async close() {
      await app.close();
      await storage.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** A test app with two signed-in customers, for tests of who may see and change what. */
export async function createTestAppWithCustomers(options: TestAppOptions = {}) {
  const t = await createTestApp(options);
  const token = await t.login((await t.createUser()).email);
  const otherToken = await t.login((await t.createUser()).email);
  return { t, token, otherToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The documented error body: a message, and field errors where there are any. */
export function errorBody(response: LightMyRequestResponse): { message: string; errors?: Record<string, string[]> } {
  return response.json();
}
