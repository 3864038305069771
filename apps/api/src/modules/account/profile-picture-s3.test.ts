import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../adapters/storage/storage';
import { GIF_1PX, multipart, PNG_1PX } from '../../../test/fixtures';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';

/** Profile pictures with S3 configured: uploaded to the API as before, kept in the bucket, served by the API. */
let s3: TestS3Server;
let bucket: FileStorage;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3.storage();
  t = await createTestApp({ storage: s3.storage() });
});
afterAll(async () => {
  await t?.close();
  await bucket?.close();
  await s3?.close();
});

async function upload(token: string, bytes: Buffer, filename: string) {
  const form = await multipart({ logo: { bytes, filename, type: 'image/png' } });
  return t.app.inject({
    method: 'POST',
    url: '/api/customer/upload-logo',
    ...form,
    headers: { ...form.headers, ...bearer(token) },
  });
}

describe('profile pictures on S3', () => {
  it('are stored in the bucket, served at their public address, and removed when replaced', async () => {
    const token = await t.login((await t.createUser()).email);
    const first = (await upload(token, PNG_1PX, 'me.png')).json<{ logo: string }>().logo;
    expect(first).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
    expect(await bucket.head(first)).toEqual({ size: PNG_1PX.length, contentType: 'image/png' });
    expect(existsSync(path.join(t.config.storageDir, first))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: `/api/files/${first}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG_1PX.length),
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.rawPayload).toEqual(PNG_1PX);

    const second = (await upload(token, GIF_1PX, 'me.gif')).json<{ logo: string }>().logo;
    expect((await bucket.readStart(second, 6))?.toString()).toBe('GIF89a');
    expect(await bucket.head(first)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${first}` })).statusCode).toBe(404);
  });

  it('leave the embedded storage routes out: the bucket answers its own URLs', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/storage/files/avatars/x.png?expires=1&signature=x',
    });
    expect(response.statusCode).toBe(404);
  });
});
