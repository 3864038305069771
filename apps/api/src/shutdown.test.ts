import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/cluster';

/** The server process told to stop (server.ts; docs/deploy.md, Health checks), on the embedded database. */
describe('shutting down', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('cuts a request still under way after the drain and exits cleanly, not at the hard limit', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-shutdown-'));
    server = await startServerProcess('web', {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
    });
    // A client that sends half of a login's body and then nothing more: its request stays under
    // way, as a download to a client that stopped reading does.
    const { port } = new URL(server.url);
    const stalled = net.connect(Number(port), '127.0.0.1');
    stalled.on('error', () => {});
    const closed = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    stalled.write(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    await server.printed('"url":"/api/login"', 10_000);

    const stoppedAt = Date.now();
    await server.stop(30_000);
    const [code, signal] = await server.exited;
    const took = Date.now() - stoppedAt;
    await closed;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    // The drain is 8 s; close-with-grace's limit, 15 s, would have exited with code 1.
    expect(took).toBeGreaterThanOrEqual(7_500);
    expect(took).toBeLessThan(14_000);
    expect(server.output()).toContain('requests still under way after 8 s: closing their connections');
  }, 120_000);
});
