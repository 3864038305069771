import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX } from '../../../test/fixtures';
import { startS3Server } from '../../../test/s3-server';
import { createTestApp, TestClock } from '../../../test/test-app';
import type { FileStorage, UploadTarget } from './storage';

/** One implementation under test, and where its relative URLs lead. */
interface Subject {
  storage: FileStorage;
  /** The local storage's URLs are paths on the API; S3's are absolute and ignore this. */
  origin: string;
  clock: TestClock;
  close(): Promise<void>;
}

const implementations = [
  {
    name: 'local',
    // The API answers the local URLs, so it runs for real on a free port.
    start: async (): Promise<Subject> => {
      const t = await createTestApp();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      return { storage: t.storage, origin: `http://127.0.0.1:${port}`, clock: t.clock, close: () => t.close() };
    },
    // A URL puts a file in place once; s3rver ignores S3's If-None-Match, which S3 answers with 412.
    refusesSecondUpload: true,
  },
  {
    name: 'S3 (s3rver)',
    start: async (): Promise<Subject> => {
      const server = await startS3Server();
      const clock = new TestClock();
      const storage = server.storage(clock);
      return {
        storage,
        origin: server.endpoint,
        clock,
        async close() {
          await storage.close();
          await server.close();
        },
      };
    },
    refusesSecondUpload: false,
  },
];

/**
 * What campaign media needs of any FileStorage, against each implementation. s3rver checks
 * version 4 signatures the way S3 does, so the same tests of signed URLs (type, size, expiry,
 * tampering) hold for both; the local routes' exact answers are in storage.routes.test.ts.
 */
describe.each(implementations)('$name storage', ({ start, refusesSecondUpload }) => {
  let s: Subject;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s?.close());

  const newKey = (extension = 'png') => `media/${randomUUID()}.${extension}`;
  const send = (target: UploadTarget, body: Buffer, headers: Record<string, string> = {}) =>
    fetch(new URL(target.url, s.origin), {
      method: target.method,
      headers: { ...target.headers, ...headers },
      body,
    });
  const view = (url: string, headers: Record<string, string> = {}) => fetch(new URL(url, s.origin), { headers });
  const uploadUrl = (key: string, size: number, contentType = 'image/png', expiresInSeconds = 60) =>
    s.storage.createUploadUrl(key, { contentType, size, expiresInSeconds });

  it('puts, describes, reads the start of, streams and deletes a file', async () => {
    const key = newKey();
    await s.storage.put(key, PNG_1PX, 'image/png');
    expect(await s.storage.head(key)).toEqual({ size: PNG_1PX.length, contentType: 'image/png' });
    expect(await s.storage.readStart(key, 8)).toEqual(PNG_1PX.subarray(0, 8));
    expect(await s.storage.readStart(key, 10_000)).toEqual(PNG_1PX);
    const file = await s.storage.get(key);
    expect(file?.size).toBe(PNG_1PX.length);
    expect(await buffer(file!.body)).toEqual(PNG_1PX);

    await s.storage.delete(key);
    expect(await s.storage.head(key)).toBeUndefined();
    expect(await s.storage.get(key)).toBeUndefined();
    expect(await s.storage.readStart(key, 8)).toBeUndefined();
    await expect(s.storage.delete(key)).resolves.toBeUndefined();
  });

  it('reads the start of an empty file as no bytes', async () => {
    const key = newKey();
    await s.storage.put(key, Buffer.alloc(0), 'image/png');
    expect(await s.storage.readStart(key, 8)).toEqual(Buffer.alloc(0));
  });

  it('takes an upload through its URL, with the signed type and size, and tells its type from its first bytes', async () => {
    const key = newKey();
    const target = await uploadUrl(key, PNG_1PX.length);
    expect(target.method).toBe('PUT');
    expect(target.expiresAt.getTime()).toBe(Math.floor(s.clock.now().getTime() / 1000) * 1000 + 60_000);

    const response = await send(target, PNG_1PX);
    expect(response.status).toBe(200);
    expect(await s.storage.head(key)).toEqual({ size: PNG_1PX.length, contentType: 'image/png' });
    expect((await fileTypeFromBuffer((await s.storage.readStart(key, 4100))!))?.mime).toBe('image/png');
  });

  it('takes a large upload as a stream', async () => {
    const key = newKey('mp4');
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const response = await send(await uploadUrl(key, bytes.length, 'video/mp4'), bytes);
    expect(response.status).toBe(200);
    expect(await s.storage.head(key)).toEqual({ size: bytes.length, contentType: 'video/mp4' });
  });

  it('refuses a body larger or smaller than the signed size, and keeps nothing', async () => {
    const key = newKey();
    const target = await uploadUrl(key, PNG_1PX.length);
    const larger = await send(target, Buffer.concat([PNG_1PX, Buffer.from('x')]));
    expect(larger.status).toBeGreaterThanOrEqual(400);
    expect(larger.status).toBeLessThan(500);
    const smaller = await send(target, PNG_1PX.subarray(1));
    expect(smaller.status).toBeGreaterThanOrEqual(400);
    expect(smaller.status).toBeLessThan(500);
    expect(await s.storage.head(key)).toBeUndefined();
  });

  it('refuses a content type other than the signed one, and keeps nothing', async () => {
    const key = newKey();
    const response = await send(await uploadUrl(key, PNG_1PX.length), PNG_1PX, { 'content-type': 'text/html' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await s.storage.head(key)).toBeUndefined();
  });

  it('refuses an upload URL that has expired', async () => {
    const key = newKey();
    // Signed an hour ago for a minute: long dead by the server's clock.
    s.clock.advance(-3_600_000);
    const target = await uploadUrl(key, PNG_1PX.length);
    s.clock.advance(3_600_000);
    expect((await send(target, PNG_1PX)).status).toBe(403);
    expect(await s.storage.head(key)).toBeUndefined();
  });

  it('refuses an upload URL whose signature or key was changed', async () => {
    const key = newKey();
    const target = await uploadUrl(key, PNG_1PX.length);
    const url = new URL(target.url, s.origin);
    const signatureParameter = url.searchParams.has('signature') ? 'signature' : 'X-Amz-Signature';
    const signature = url.searchParams.get(signatureParameter)!;
    const tampered = new URL(url);
    tampered.searchParams.set(signatureParameter, `${signature.slice(0, -2)}${signature.endsWith('a') ? 'bb' : 'aa'}`);
    expect((await send({ ...target, url: tampered.toString() }, PNG_1PX)).status).toBe(403);

    const otherKey = newKey();
    const moved = new URL(url.toString().replace(key, otherKey));
    expect((await send({ ...target, url: moved.toString() }, PNG_1PX)).status).toBe(403);
    expect(await s.storage.head(key)).toBeUndefined();
    expect(await s.storage.head(otherKey)).toBeUndefined();
  });

  it.runIf(refusesSecondUpload)('takes one upload per URL and never replaces a stored file', async () => {
    const key = newKey();
    const target = await uploadUrl(key, PNG_1PX.length);
    expect((await send(target, PNG_1PX)).status).toBe(200);
    const again = await send(target, Buffer.alloc(PNG_1PX.length, 1));
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(await s.storage.readStart(key, PNG_1PX.length)).toEqual(PNG_1PX);
  });

  it('serves a file through its view URL, in part when asked, and as a named download', async () => {
    const key = newKey('mp4');
    const bytes = Buffer.from('0123456789');
    await s.storage.put(key, bytes, 'video/mp4');

    const url = await s.storage.createViewUrl(key, { expiresInSeconds: 300 });
    const whole = await view(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toBe('private, max-age=300');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);

    const part = await view(url, { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');

    // A plain name: s3rver signs a query holding "'" (as RFC 5987 names do) differently from S3
    // and the SDK, so names beyond ASCII are checked on the local routes (storage.routes.test.ts).
    const downloadName = 'Summer sale, final.mp4';
    const download = await view(await s.storage.createViewUrl(key, { expiresInSeconds: 60, downloadName }));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Summer sale, final.mp4"');
  });

  it('refuses a view URL that has expired or was changed, and answers 404 for a missing file', async () => {
    const key = newKey();
    await s.storage.put(key, PNG_1PX, 'image/png');
    s.clock.advance(-3_600_000);
    const old = await s.storage.createViewUrl(key, { expiresInSeconds: 60 });
    s.clock.advance(3_600_000);
    expect((await view(old)).status).toBe(403);

    const url = await s.storage.createViewUrl(key, { expiresInSeconds: 60 });
    expect((await view(url.replace(key, newKey()))).status).toBe(403);
    expect((await view(await s.storage.createViewUrl(newKey(), { expiresInSeconds: 60 }))).status).toBe(404);
  });
});
