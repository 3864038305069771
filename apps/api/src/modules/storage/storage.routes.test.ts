import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_MESSAGES } from '@portal/contract';
import type { LocalFileStorage } from '../../adapters/storage/local-storage';
import { PNG_1PX } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/test-app';

/** The API's own answers to the local storage's signed URLs (the shared behaviour is in storage.contract.test.ts). */
let t: TestApp;
let storage: LocalFileStorage;
beforeAll(async () => {
  t = await createTestApp();
  storage = t.storage as LocalFileStorage;
});
afterAll(() => t.close());

const newKey = (extension = 'png') => `media/${randomUUID()}.${extension}`;

async function uploadUrl(key: string, size = PNG_1PX.length, contentType = 'image/png', expiresInSeconds = 60) {
  return (await storage.createUploadUrl(key, { contentType, size, expiresInSeconds })).url;
}

const put = (url: string, payload: Buffer | string, contentType = 'image/png') =>
  t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload });

describe('PUT /api/storage/uploads/:key', () => {
  it('stores the file and says so', async () => {
    const key = newKey();
    const response = await put(await uploadUrl(key), PNG_1PX);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: STORAGE_MESSAGES.uploaded });
    expect(await storage.readStart(key, 100)).toEqual(PNG_1PX);
  });

  it('answers 403 in the error format for a missing, altered or repeated-parameter signature', async () => {
    const key = newKey();
    const url = new URL(await uploadUrl(key), 'http://api');
    const variants: ((query: URLSearchParams) => void)[] = [
      (query) => query.delete('signature'),
      (query) => query.set('signature', 'A'.repeat(43)),
      (query) => query.set('size', String(PNG_1PX.length + 1)),
      (query) => query.set('type', 'image/gif'),
      (query) => query.set('expires', String(Number(query.get('expires')) + 3600)),
      (query) => query.set('expires', 'soon'),
      (query) => query.append('signature', 'again'),
    ];
    for (const change of variants) {
      const changed = new URL(url);
      change(changed.searchParams);
      const response = await put(`${changed.pathname}${changed.search}`, PNG_1PX);
      expect(response.statusCode, changed.search).toBe(403);
      expect(errorBody(response)).toEqual({ message: STORAGE_MESSAGES.linkInvalid });
    }
    expect((await put(`${url.pathname}`, PNG_1PX)).statusCode).toBe(403);
    expect(await storage.head(key)).toBeUndefined();
  });

  it('refuses a view URL used to upload, and a key the router cannot make', async () => {
    const key = newKey();
    await storage.put(key, PNG_1PX);
    const viewUrl = new URL(await storage.createViewUrl(key, { expiresInSeconds: 60 }), 'http://api');
    const misused = await put(`/api/storage/uploads/${key}${viewUrl.search}`, PNG_1PX);
    expect(misused.statusCode).toBe(403);
    const badKey = await put(`/api/storage/uploads/media/..%2F..%2Fetc%2Fpasswd${viewUrl.search}`, PNG_1PX);
    expect(badKey.statusCode).toBe(403);
    expect(errorBody(badKey)).toEqual({ message: STORAGE_MESSAGES.linkInvalid });
  });

  it('keeps working until it expires, then answers 403 saying so', async () => {
    const first = newKey();
    const second = newKey();
    const stillValid = await uploadUrl(first, PNG_1PX.length, 'image/png', 60);
    const expired = await uploadUrl(second, PNG_1PX.length, 'image/png', 60);
    t.clock.advance(59_000);
    expect((await put(stillValid, PNG_1PX)).statusCode).toBe(200);
    t.clock.advance(2_000);
    const response = await put(expired, PNG_1PX);
    expect(response.statusCode).toBe(403);
    expect(errorBody(response)).toEqual({ message: STORAGE_MESSAGES.linkExpired });
  });

  it('answers 415 for another content type, 413 for a larger body and 400 for a smaller one', async () => {
    const key = newKey();
    const url = await uploadUrl(key);
    const wrongType = await put(url, PNG_1PX, 'image/gif');
    expect(wrongType.statusCode).toBe(415);
    expect(errorBody(wrongType)).toEqual({ message: STORAGE_MESSAGES.wrongType('image/png') });
    expect((await put(url, PNG_1PX, 'application/json')).statusCode).toBe(415);
    expect((await t.app.inject({ method: 'PUT', url, payload: PNG_1PX })).statusCode).toBe(415);

    const larger = await put(url, Buffer.concat([PNG_1PX, PNG_1PX]));
    expect(larger.statusCode).toBe(413);
    expect(errorBody(larger)).toEqual({ message: STORAGE_MESSAGES.tooLarge });
    expect(larger.headers.connection).toBe('close');

    const smaller = await put(url, PNG_1PX.subarray(0, 10));
    expect(smaller.statusCode).toBe(400);
    expect(errorBody(smaller)).toEqual({ message: STORAGE_MESSAGES.wrongSize });
    expect(await storage.head(key)).toBeUndefined();
  });

  it('answers 409 when the URL was already used, keeping the first file', async () => {
    const key = newKey();
    const url = await uploadUrl(key);
    expect((await put(url, PNG_1PX)).statusCode).toBe(200);
    const again = await put(url, Buffer.alloc(PNG_1PX.length));
    expect(again.statusCode).toBe(409);
    expect(errorBody(again)).toEqual({ message: STORAGE_MESSAGES.alreadyUploaded });
    expect(await storage.readStart(key, 100)).toEqual(PNG_1PX);
  });

  it('stops reading a body sent without a length as soon as it passes the signed size', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const key = newKey('mp4');
    const url = await uploadUrl(key, 1024, 'video/mp4');
    const chunk = Buffer.alloc(64 * 1024);
    const limit = 256 * 1024 * 1024;

    // Chunked, so only counting the bytes can tell the body is too large; the client keeps
    // sending until the answer arrives, which must come long before the 256 MB are through.
    const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>(
      (resolve, reject) => {
        let sent = 0;
        let answered = false;
        const request = http.request(
          { host: '127.0.0.1', port, path: url, method: 'PUT', headers: { 'content-type': 'video/mp4' } },
          (response) => {
            answered = true;
            let text = '';
            response.on('data', (data: Buffer) => (text += data.toString()));
            response.on('end', () => resolve({ status: response.statusCode!, body: text, sent }));
          },
        );
        request.on('error', (error) => (answered ? undefined : reject(error)));
        const pump = () => {
          while (!answered && sent < limit) {
            sent += chunk.length;
            if (!request.write(chunk)) return request.once('drain', pump);
          }
          if (!answered) request.end();
        };
        pump();
      },
    );
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: STORAGE_MESSAGES.tooLarge });
    expect(sent).toBeLessThan(limit);
    expect(await storage.head(key)).toBeUndefined();
    // Nothing half-written is left behind.
    expect(await readdir(path.join(t.config.storageDir, '.uploads'))).toEqual([]);
  });
});

describe('GET /api/storage/files/:key', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves the file with its type, a private cache for as long as the URL lives, and byte ranges', async () => {
    const key = newKey('mp4');
    await storage.put(key, Buffer.from('0123456789'));
    const url = await storage.createViewUrl(key, { expiresInSeconds: 600 });
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '10',
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=600',
      'content-disposition': 'inline',
    });
    expect(whole.body).toBe('0123456789');

    const suffix = await get(url, { range: 'bytes=-3' });
    expect([suffix.statusCode, suffix.headers['content-range'], suffix.body]).toEqual([206, 'bytes 7-9/10', '789']);
    const open = await get(url, { range: 'bytes=8-' });
    expect([open.statusCode, open.headers['content-length'], open.body]).toEqual([206, '2', '89']);
    const several = await get(url, { range: 'bytes=0-1,4-5' });
    expect([several.statusCode, several.body]).toEqual([200, '0123456789']);

    const outside = await get(url, { range: 'bytes=10-' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */10');
    expect(errorBody(outside)).toEqual({ message: STORAGE_MESSAGES.rangeNotSatisfiable });

    t.clock.advance(100_000);
    expect((await get(url)).headers['cache-control']).toBe('private, max-age=500');
  });

  it('answers HEAD with the headers alone', async () => {
    const key = newKey();
    await storage.put(key, PNG_1PX);
    const response = await t.app.inject({
      method: 'HEAD',
      url: await storage.createViewUrl(key, { expiresInSeconds: 60 }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(PNG_1PX.length));
    expect(response.body).toBe('');
  });

  it('makes a named file a download, with any name the browser can save', async () => {
    const key = newKey();
    await storage.put(key, PNG_1PX);
    const url = await storage.createViewUrl(key, { expiresInSeconds: 60, downloadName: 'Été "sale"\r\n.png' });
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_t_ _sale_.png"; filename*=UTF-8''%C3%89t%C3%A9%20%22sale%22.png`,
    );
  });

  it('answers 403 for a missing, altered or expired signature, and 404 for a file that is not there', async () => {
    const key = newKey();
    await storage.put(key, PNG_1PX);
    const url = new URL(
      await storage.createViewUrl(key, { expiresInSeconds: 60, downloadName: 'a.png' }),
      'http://api',
    );
    for (const change of [
      (query: URLSearchParams) => query.delete('signature'),
      (query: URLSearchParams) => query.set('name', 'b.png'),
      (query: URLSearchParams) => query.delete('name'),
      (query: URLSearchParams) => query.set('expires', '9999999999'),
    ]) {
      const changed = new URL(url);
      change(changed.searchParams);
      const response = await get(`${changed.pathname}${changed.search}`);
      expect(response.statusCode, changed.search).toBe(403);
      expect(errorBody(response)).toEqual({ message: STORAGE_MESSAGES.linkInvalid });
    }
    const uploadQuery = new URL(await uploadUrl(key), 'http://api').search;
    expect((await get(`/api/storage/files/${key}${uploadQuery}`)).statusCode).toBe(403);

    t.clock.advance(61_000);
    const expired = await get(`${url.pathname}${url.search}`);
    expect(expired.statusCode).toBe(403);
    expect(errorBody(expired)).toEqual({ message: STORAGE_MESSAGES.linkExpired });

    const missing = await get(await storage.createViewUrl(newKey(), { expiresInSeconds: 60 }));
    expect(missing.statusCode).toBe(404);
    expect(errorBody(missing)).toEqual({ message: STORAGE_MESSAGES.notFound });
  });
});

describe('the storage routes in the API description', () => {
  it('are documented with the storage tag and their answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    }>();
    const upload = document.paths['/api/storage/uploads/{folder}/{name}']!.put!;
    const view = document.paths['/api/storage/files/{folder}/{name}']!.get!;
    expect(upload.tags).toEqual(['storage']);
    expect(Object.keys(upload.responses)).toEqual(['200', '400', '403', '409', '413', '415']);
    expect(view.tags).toEqual(['storage']);
    expect(Object.keys(view.responses)).toEqual(['200', '206', '403', '404', '416']);
  });
});

describe('the request log', () => {
  it('does not carry the signatures of upload and view URLs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await createTestApp({ env: { LOG_LEVEL: 'info' }, logger: { stream } });
    try {
      const signedStorage = logged.storage as LocalFileStorage;
      const key = newKey();
      const upload = (
        await signedStorage.createUploadUrl(key, {
          contentType: 'image/png',
          size: PNG_1PX.length,
          expiresInSeconds: 60,
        })
      ).url;
      const view = await signedStorage.createViewUrl(key, { expiresInSeconds: 60, downloadName: 'a.png' });
      const uploaded = await logged.app.inject({
        method: 'PUT',
        url: upload,
        headers: { 'content-type': 'image/png' },
        payload: PNG_1PX,
      });
      expect(uploaded.statusCode).toBe(200);
      expect((await logged.app.inject({ method: 'GET', url: view })).statusCode).toBe(200);

      const log = lines.join('');
      for (const url of [upload, view]) {
        const signature = new URL(url, 'http://api').searchParams.get('signature')!;
        expect(signature.length).toBeGreaterThan(20);
        expect(log).not.toContain(signature);
      }
      // What the log is for stays: the route and the other parameters.
      expect(log).toContain(`/api/storage/files/${key}?`);
      expect(log).toContain('signature=[redacted]');
    } finally {
      await logged.close();
    }
  });
});
