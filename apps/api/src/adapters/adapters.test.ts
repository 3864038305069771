import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { createAdapters } from '.';

describe('createAdapters with a Redis that does not answer', () => {
  it('says so once in the log, and the login limits still count (each process on its own)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-adapters-'));
    const warnings: string[] = [];
    // Port 9 (discard) has no Redis behind it: every connection is refused.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:9' });
    const adapters = await createAdapters(config, {
      warn: (_details, message) => warnings.push(message),
      info: () => undefined,
    });
    try {
      await vi.waitFor(() => expect(warnings).toHaveLength(1), { timeout: 5_000 });
      expect(warnings[0]).toMatch(/^Redis does not answer: login limits are counted by each process/);
      const limiter = adapters.limiterFactory({ name: 'probe', points: 2, durationSeconds: 60 });
      expect((await limiter.consume('key')).allowed).toBe(true);
      expect((await limiter.consume('key')).allowed).toBe(true);
      expect((await limiter.consume('key')).allowed).toBe(false);
      // Reconnection attempts keep failing; the log does not fill with them.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(warnings).toHaveLength(1);
    } finally {
      await adapters.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
