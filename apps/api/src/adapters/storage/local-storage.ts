import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { systemClock, type Clock } from '../../lib/clock';
import {
  assertLifetime,
  assertUploadOptions,
  assertValidKey,
  contentTypeOfKey,
  STORAGE_KEY_PATTERN,
  type FileStorage,
  type StoredFileInfo,
  type UploadTarget,
} from './storage';
import { hasValidSignature, signRequest } from './url-signature';

export interface LocalStorageOptions {
  /** DATA_DIR/storage: files are named by their key below it. */
  rootDir: string;
  signingSecret: string;
  clock?: Clock;
  /**
   * Where the API serves the signed routes (modules/storage). URLs are relative to the site, so
   * they work on whatever origin the page came from: behind a proxy and through the dev server.
   */
  basePath?: string;
}

/** The outcome of checking a signed URL's query against its key. */
export type UrlCheck<T> = { ok: true; value: T } | { ok: false; reason: 'invalid' | 'expired' };

export type ReceiveOutcome = 'stored' | 'exists' | 'too-large' | 'too-short' | 'aborted';

const EXPIRES_PATTERN = /^\d{1,12}$/;
const SIZE_PATTERN = /^\d{1,16}$/;

/** One query value as a string: a repeated or missing parameter is as bad as a wrong one. */
const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Files under DATA_DIR/storage, named by their key; the content type follows the extension.
 * The API itself answers the signed URLs it hands out (modules/storage/storage.routes.ts).
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly rootDir: string;
  private readonly secret: string;
  private readonly clock: Clock;
  private readonly basePath: string;

  constructor(options: LocalStorageOptions) {
    this.rootDir = options.rootDir;
    this.secret = options.signingSecret;
    this.clock = options.clock ?? systemClock;
    this.basePath = options.basePath ?? '/api/storage';
  }

  private fileOf(key: string) {
    assertValidKey(key);
    return path.join(this.rootDir, key);
  }

  /** Unfinished uploads, beside the files so a rename never crosses file systems; keys cannot start with a dot. */
  private partFile() {
    return path.join(this.rootDir, '.uploads', `${randomUUID()}.part`);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.fileOf(key);
    const part = this.partFile();
    await mkdir(path.dirname(part), { recursive: true });
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    await writeFile(part, body);
    await rename(part, file);
  }

  async get(key: string) {
    const info = await this.head(key);
    if (!info) return undefined;
    return { body: createReadStream(this.fileOf(key)) as Readable, ...info };
  }

  async head(key: string): Promise<StoredFileInfo | undefined> {
    const info = await stat(this.fileOf(key)).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { size: info.size, contentType: contentTypeOfKey(key) };
  }

  readStart(key: string, bytes: number): Promise<Buffer | undefined> {
    return this.readBytes(key, 0, bytes);
  }

  async readBytes(key: string, offset: number, bytes: number): Promise<Buffer | undefined> {
    const handle = await open(this.fileOf(key), 'r').catch(() => undefined);
    if (!handle) return undefined;
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, offset);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** A byte range of the file (both ends included), for the signed view route. */
  readRange(key: string, start: number, end: number): Readable {
    return createReadStream(this.fileOf(key), { start, end });
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  private expiry(expiresInSeconds: number) {
    assertLifetime(expiresInSeconds);
    return Math.floor(this.clock.now().getTime() / 1000) + expiresInSeconds;
  }

  async createUploadUrl(
    key: string,
    options: { contentType: string; size: number; expiresInSeconds: number },
  ): Promise<UploadTarget> {
    assertUploadOptions(key, options);
    const expires = this.expiry(options.expiresInSeconds);
    const { contentType, size } = options;
    const signature = signRequest(this.secret, { method: 'PUT', key, expires, contentType, size });
    const query = new URLSearchParams({ expires: String(expires), type: contentType, size: String(size), signature });
    return {
      url: `${this.basePath}/uploads/${key}?${query}`,
      method: 'PUT',
      headers: { 'content-type': contentType },
      expiresAt: new Date(expires * 1000),
    };
  }

  async createViewUrl(key: string, options: { expiresInSeconds: number; downloadName?: string }): Promise<string> {
    assertValidKey(key);
    const expires = this.expiry(options.expiresInSeconds);
    // Line breaks and other control characters have no place in a file name or a header.
    // eslint-disable-next-line no-control-regex
    const downloadName = options.downloadName?.replace(/[\u0000-\u001f\u007f]/g, '') || undefined;
    const signature = signRequest(this.secret, { method: 'GET', key, expires, downloadName });
    const query = new URLSearchParams({ expires: String(expires) });
    if (downloadName) query.set('name', downloadName);
    query.set('signature', signature);
    return `${this.basePath}/files/${key}?${query}`;
  }

  /** The type and size an upload URL for `key` was signed for, if its query is genuine and current. */
  checkUploadUrl(key: string, query: Record<string, unknown>): UrlCheck<{ contentType: string; size: number }> {
    const expires = single(query.expires);
    const contentType = single(query.type);
    const size = single(query.size);
    const signature = single(query.signature);
    if (!STORAGE_KEY_PATTERN.test(key) || !expires || !contentType || !size || !signature) {
      return { ok: false, reason: 'invalid' };
    }
    if (!EXPIRES_PATTERN.test(expires) || !SIZE_PATTERN.test(size)) return { ok: false, reason: 'invalid' };
    const request = { method: 'PUT' as const, key, expires: Number(expires), contentType, size: Number(size) };
    return this.checked(request, signature, { contentType, size: Number(size) });
  }

  /** The download name a view URL for `key` was signed with, if its query is genuine and current. */
  checkViewUrl(key: string, query: Record<string, unknown>): UrlCheck<{ downloadName?: string; secondsLeft: number }> {
    const expires = single(query.expires);
    const signature = single(query.signature);
    const downloadName = query.name === undefined ? undefined : single(query.name);
    if (!STORAGE_KEY_PATTERN.test(key) || !expires || !signature || downloadName === '') {
      return { ok: false, reason: 'invalid' };
    }
    if (!EXPIRES_PATTERN.test(expires) || (query.name !== undefined && downloadName === undefined)) {
      return { ok: false, reason: 'invalid' };
    }
    const request = { method: 'GET' as const, key, expires: Number(expires), downloadName };
    const secondsLeft = Math.max(0, Number(expires) - Math.floor(this.clock.now().getTime() / 1000));
    return this.checked(request, signature, { downloadName, secondsLeft });
  }

  private checked<T>(request: Parameters<typeof signRequest>[1], signature: string, value: T): UrlCheck<T> {
    // The signature first: whether a forged URL would have expired is nobody's business.
    if (!hasValidSignature(this.secret, request, signature)) return { ok: false, reason: 'invalid' };
    if (request.expires * 1000 <= this.clock.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, value };
  }

  /**
   * Streams an upload to a part file and links it into place only when exactly `size` bytes
   * arrived. It stops reading at the first byte too many, so an oversize body is never held,
   * and a file already at `key` is never replaced (the link fails instead).
   */
  async receive(key: string, source: Readable, size: number): Promise<ReceiveOutcome> {
    const file = this.fileOf(key);
    if (await this.head(key)) return 'exists';
    const part = this.partFile();
    await mkdir(path.dirname(part), { recursive: true });
    const output = createWriteStream(part, { flags: 'wx' });
    let received = 0;
    let outcome: ReceiveOutcome | undefined;
    try {
      try {
        // destroyOnReturn: false leaves the request open when reading stops early, so the
        // answer can still be sent on it.
        for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (received > size) {
            outcome = 'too-large';
            break;
          }
          if (!output.write(chunk)) await once(output, 'drain');
        }
      } catch (error) {
        // The disk failing is ours to report; the request failing means the client went away.
        if (output.errored) throw error;
        outcome = 'aborted';
      }
      output.end();
      await finished(output);
      if (outcome) return outcome;
      if (received < size) return 'too-short';
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await link(part, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'exists';
        throw error;
      }
      return 'stored';
    } finally {
      output.destroy();
      await rm(part, { force: true });
    }
  }

  /** Its URLs are paths on the API, so on whatever origin served the page. */
  urlOrigin(): null {
    return null;
  }

  async close(): Promise<void> {}
}

/**
 * The embedded storage. Without a signing secret it makes one for this process only, so its
 * URLs die with it: fine for tests, while the server passes the configured or kept secret.
 */
export function createLocalStorage(
  rootDir: string,
  options: Partial<Omit<LocalStorageOptions, 'rootDir'>> = {},
): LocalFileStorage {
  return new LocalFileStorage({
    rootDir,
    signingSecret: options.signingSecret ?? randomBytes(32).toString('base64url'),
    clock: options.clock,
    basePath: options.basePath,
  });
}
