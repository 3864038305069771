import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GIF_1PX, multipart, PNG_1PX } from '../../../test/fixtures';
import { useS3TestApp } from '../../../test/s3-server';
import { bearer } from '../../../test/test-app';

/** Profile pictures with S3 configured: uploaded to the API as before, kept in the bucket, served by the API. */
const s3App = useS3TestApp();

async function upload(token: string, bytes: Buffer, filename: string) {
  const form = await multipart({ logo: { bytes, filename, type: 'image/png' } });
  return s3App.t.app.inject({
    method: 'POST',
    url: '/api/customer/upload-logo',
    ...form,
    headers: { ...form.headers, ...bearer(token) },
  });
}

describe('profile pictures on S3', () => {
  it('are stored in the bucket, served at their public address, and removed when replaced', async () => {
    const token = await s3App.t.login((await s3App.t.createUser()).email);
    const first = (await upload(token, PNG_1PX, 'me.png')).json<{ logo: string }>().logo;
    expect(first).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
    expect(await s3App.bucket.head(first)).toEqual({ size: PNG_1PX.length, contentType: 'image/png' });
    expect(existsSync(path.join(s3App.t.config.storageDir, first))).toBe(false);

    const served = await s3App.t.app.inject({ method: 'GET', url: `/api/files/${first}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG_1PX.length),
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.rawPayload).toEqual(PNG_1PX);

    const second = (await upload(token, GIF_1PX, 'me.gif')).json<{ logo: string }>().logo;
    expect((await s3App.bucket.readStart(second, 6))?.toString()).toBe('GIF89a');
    expect(await s3App.bucket.head(first)).toBeUndefined();
    expect((await s3App.t.app.inject({ method: 'GET', url: `/api/files/${first}` })).statusCode).toBe(404);
  });

  it('leave the embedded storage routes out: the bucket answers its own URLs', async () => {
    const response = await s3App.t.app.inject({
      method: 'GET',
      url: '/api/storage/files/avatars/x.png?expires=1&signature=x',
    });
    expect(response.statusCode).toBe(404);
  });
});
