import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxTransport } from '../../adapters/mail/mail-transport';
import { createLocalStorage } from '../../adapters/storage/local-storage';
import { noGeoIp } from '../../adapters/geoip/geoip';
import { memoryLimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { ERROR_MESSAGES } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Adapters for apps whose tests send no mail and keep no file. */
const unusedAdapters = () => ({
  limiterFactory: memoryLimiterFactory,
  geoip: noGeoIp,
  mailTransport: createOutboxTransport(path.join(os.tmpdir(), 'portal-unused-outbox')),
  storage: createLocalStorage(path.join(os.tmpdir(), 'portal-unused-storage')),
});

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says ok while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 once the database is closed', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are live and ready while the database answers and is migrated', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', migrations: 'applied' });
  });

  it('answer 20 probes at once, and ignore what a probe should not send', async () => {
    const probes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.app.inject({
          method: 'GET',
          url: index % 2 ? '/api/health/ready?verbose=%ff' : '/api/health/live',
          headers: { authorization: 'Bearer not-a-session', 'content-type': 'application/json' },
          payload: index % 4 === 0 ? '{not json' : undefined,
        }),
      ),
    );
    for (const [index, probe] of probes.entries()) {
      expect(probe.statusCode).toBe(200);
      expect(probe.json()).toHaveProperty('status', index % 2 ? 'ready' : 'ok');
    }
  });

  it('stay live but are not ready once the database is closed', async () => {
    await t.database.close();
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', migrations: 'unknown' });
  });
});

describe('on a database whose migrations are not applied (MIGRATE=false before `npm run migrate`)', () => {
  const build = async (role: 'all' | 'worker') => {
    // A new embedded database, as initdb leaves it: no table at all.
    const database = await openDatabase({});
    const config = loadConfig({ NODE_ENV: 'test' });
    const app = await buildApp({
      config: { ...config, role },
      database,
      logger: false,
      adapters: unusedAdapters(),
    });
    return { app, database, close: async () => (await app.close(), await database.close()) };
  };

  it('is live, and ready only after migrating', async () => {
    const { app, database, close } = await build('all');
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const pending = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'unavailable', database: 'up', migrations: 'pending' });
    await database.migrate();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', migrations: 'applied' });
    await close();
  });

  it('serves a worker nothing but its health (ROLE=worker)', async () => {
    const { app, database, close } = await build('worker');
    await database.migrate();
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@example.com' } });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toEqual({ message: ERROR_MESSAGES.notFound });
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    await close();
  });
});

describe('with a PostgreSQL server that does not answer', () => {
  // Port 9 (discard) has no PostgreSQL behind it: every connection is refused.
  const unreachable = 'postgres://postgres@127.0.0.1:9/portal';
  const build = async () => {
    const database = await openDatabase({ databaseUrl: unreachable });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: unreachable }),
      database,
      logger: false,
      adapters: unusedAdapters(),
    });
    return { app, close: async () => (await app.close(), await database.close()) };
  };

  it('says unavailable on /api/health', async () => {
    const { app, close } = await build();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
    await close();
  });

  it('answers other requests with a 503 in the error format', async () => {
    const { app, close } = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com', password: 'secret1' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' });
    await close();
  });
});
