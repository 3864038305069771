import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { createS3Storage } from '../src/adapters/storage/s3-storage';
import type { FileStorage } from '../src/adapters/storage/storage';
import type { Clock } from '../src/lib/clock';
import { createTestApp, type TestApp } from './test-app';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** An S3 storage on this server's bucket, its URLs signed at the clock's time. */
  storage(clock?: Clock): FileStorage;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process, on a free port with its files in a temporary folder.
 * It checks signatures of version 4 (so tampered, expired, wrongly typed or sized uploads are
 * refused as S3 would refuse them) with its fixed keys S3RVER / S3RVER.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-'));
  const bucket = 'portal-media';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: (clock) =>
      createS3Storage({
        bucket,
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        clock,
      }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file: an S3-compatible server, a storage on its bucket for the test to look into,
 * and an app whose storage is that bucket. Read the fields inside tests (they are set in beforeAll).
 */
export function useS3TestApp(): { s3: TestS3Server; bucket: FileStorage; t: TestApp } {
  const context = {} as { s3: TestS3Server; bucket: FileStorage; t: TestApp };
  beforeAll(async () => {
    context.s3 = await startS3Server();
    context.bucket = context.s3.storage();
    context.t = await createTestApp({ storage: context.s3.storage() });
  });
  afterAll(async () => {
    await context.t?.close();
    await context.bucket?.close();
    await context.s3?.close();
  });
  return context;
}
