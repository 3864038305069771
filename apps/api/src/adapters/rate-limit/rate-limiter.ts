import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimitState {
  allowed: boolean;
  /** Whole seconds until the window lets the key through again; 0 when allowed. */
  retryAfterSeconds: number;
}

/** A fixed-window counter per key: `points` per `durationSeconds`. */
export interface Limiter {
  /** Counts one hit and says whether it was within the limit. */
  consume(key: string): Promise<LimitState>;
  /** Says whether the key is already at its limit, without counting. */
  peek(key: string): Promise<LimitState>;
  reset(key: string): Promise<void>;
}

export interface LimitOptions {
  name: string;
  points: number;
  durationSeconds: number;
}

export type LimiterFactory = (options: LimitOptions) => Limiter;

const allowed: LimitState = { allowed: true, retryAfterSeconds: 0 };
const blocked = (res: RateLimiterRes): LimitState => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

function wrap(limiter: RateLimiterAbstract, points: number): Limiter {
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return allowed;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return blocked(rejection);
        throw rejection;
      }
    },
    async peek(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= points ? blocked(res) : allowed;
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** Counters in this process: right for one process, the default. */
export const memoryLimiterFactory: LimiterFactory = ({ name, points, durationSeconds }) =>
  wrap(new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds }), points);

/**
 * Counters in Redis, shared by every API process. If Redis stops answering, each process
 * falls back to its own counters rather than letting every request through or refusing all.
 */
export const redisLimiterFactory =
  (redis: Redis): LimiterFactory =>
  ({ name, points, durationSeconds }) =>
    wrap(
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `portal:${name}`,
        points,
        duration: durationSeconds,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds }),
      }),
      points,
    );
