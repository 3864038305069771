import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/test-app';
import { createS3Storage } from './s3-storage';

// No server is needed to read what a presigned URL binds; s3rver checks them in storage.contract.test.ts.
const clock = new TestClock(new Date('2030-01-02T03:04:05.678Z'));
const storage = createS3Storage({
  bucket: 'portal-media',
  region: 'eu-west-3',
  endpoint: 'https://s3.example.com',
  forcePathStyle: true,
  credentials: { accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
  clock,
});
afterAll(() => storage.close());

const key = 'media/6f1c1c39-2b33-4c55-9f4f-8f1d2f4b9e21.mp4';

describe('S3 presigned URLs', () => {
  it('bind an upload to its type, exact size and a write that replaces nothing, without checksums', async () => {
    const target = await storage.createUploadUrl(key, { contentType: 'video/mp4', size: 2048, expiresInSeconds: 900 });
    const url = new URL(target.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://s3.example.com/portal-media/${key}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20300102T030405Z');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^key-id\/20300102\/eu-west-3\/s3\/aws4_request$/);
    // A checksum parameter would oblige the browser to send a header it cannot compute beforehand.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(target).toMatchObject({
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', 'if-none-match': '*' },
      expiresAt: new Date('2030-01-02T03:19:05.000Z'),
    });
  });

  it('make a view private to the browser for as long as it lasts, and a download when named', async () => {
    const url = new URL(await storage.createViewUrl(key, { expiresInSeconds: 300, downloadName: 'Ad.mp4' }));
    expect(url.searchParams.get('response-cache-control')).toBe('private, max-age=300');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="Ad.mp4"');
    expect(
      new URL(await storage.createViewUrl(key, { expiresInSeconds: 60 })).searchParams.has(
        'response-content-disposition',
      ),
    ).toBe(false);
  });

  it('refuse keys, types, sizes and lifetimes the API would never ask for', async () => {
    const upload = { contentType: 'video/mp4', size: 1, expiresInSeconds: 60 };
    await expect(storage.createUploadUrl('../etc/passwd', upload)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.createUploadUrl(key, { ...upload, contentType: 'video/mp4\r\nx: y' })).rejects.toThrow();
    await expect(storage.createUploadUrl(key, { ...upload, size: -1 })).rejects.toThrow();
    await expect(storage.createUploadUrl(key, { ...upload, expiresInSeconds: 8 * 24 * 3600 })).rejects.toThrow();
    await expect(storage.createViewUrl(key, { expiresInSeconds: 0 })).rejects.toThrow();
  });
});
