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
import { createTestApp, type TestApp } from '../../../test/test-app';

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

describe('with a PostgreSQL server that does not answer', () => {
  // Port 9 (discard) has no PostgreSQL behind it: every connection is refused.
  const unreachable = 'postgres://postgres@127.0.0.1:9/portal';
  const build = async () => {
    const database = await openDatabase({ databaseUrl: unreachable });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: unreachable }),
      database,
      logger: false,
      adapters: {
        limiterFactory: memoryLimiterFactory,
        geoip: noGeoIp,
        mailTransport: createOutboxTransport(path.join(os.tmpdir(), 'portal-unused-outbox')),
        storage: createLocalStorage(path.join(os.tmpdir(), 'portal-unused-storage')),
      },
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
