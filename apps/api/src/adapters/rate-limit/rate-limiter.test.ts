import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryLimiterFactory, redisLimiterFactory, type LimiterFactory } from './rate-limiter';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
afterAll(() => redis?.disconnect());

const implementations: [string, LimiterFactory | undefined][] = [
  ['in memory', memoryLimiterFactory],
  // Runs where REDIS_URL is set (CI's PostgreSQL pass sets it).
  ['in Redis', redis && redisLimiterFactory(redis)],
];

describe.each(implementations)('the limiter %s', (_name, factory) => {
  it.skipIf(!factory)('allows `points` hits per window, then blocks with a retry time', async () => {
    const limiter = factory!({ name: `test-${randomUUID()}`, points: 3, durationSeconds: 60 });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume('key'));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.consume('other-key')).allowed).toBe(true);
  });

  it.skipIf(!factory)('peeks without counting and resets a key', async () => {
    const limiter = factory!({ name: `test-${randomUUID()}`, points: 2, durationSeconds: 60 });
    expect((await limiter.peek('key')).allowed).toBe(true);
    await limiter.consume('key');
    expect((await limiter.peek('key')).allowed).toBe(true);
    await limiter.consume('key');
    expect((await limiter.peek('key')).allowed).toBe(false);
    await limiter.reset('key');
    expect((await limiter.peek('key')).allowed).toBe(true);
  });
});

describe('the Redis limiter when Redis is down', () => {
  it('falls back to counting in memory instead of failing the request', async () => {
    const down = new Redis('redis://127.0.0.1:9', {
      enableOfflineQueue: false,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
    });
    down.on('error', () => undefined);
    const limiter = redisLimiterFactory(down)({ name: `test-${randomUUID()}`, points: 1, durationSeconds: 60 });
    expect((await limiter.consume('key')).allowed).toBe(true);
    expect((await limiter.consume('key')).allowed).toBe(false);
    down.disconnect();
  });
});
