import type { Readable } from 'node:stream';

/** What a stored file is, as the storage knows it (not yet what its bytes say it is). */
export interface StoredFileInfo {
  size: number;
  contentType: string;
}

/**
 * A request the browser sends to put one file in place: `method` to `url` with `headers`
 * (Content-Length, which browsers set themselves, must be the signed size).
 */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface UploadUrlOptions {
  /** The only content type the upload may be sent with. */
  contentType: string;
  /** The exact size in bytes; a larger or smaller body is refused. */
  size: number;
  expiresInSeconds: number;
}

export interface ViewUrlOptions {
  expiresInSeconds: number;
  /** Given: the browser downloads the file under this name instead of showing it. */
  downloadName?: string;
}

/**
 * Where uploaded files live: local files by default, an S3-compatible bucket in production.
 * Browsers upload and view large files through signed, expiring URLs, so their bytes need not
 * pass through the API; small ones (profile pictures) can still go through `put` and `get`.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  get(key: string): Promise<({ body: Readable } & StoredFileInfo) | undefined>;
  /** The file's size and type, or undefined when there is no such file. */
  head(key: string): Promise<StoredFileInfo | undefined>;
  /** At most the first `bytes` bytes (fewer for a shorter file), to tell its type; undefined when there is no such file. */
  readStart(key: string, bytes: number): Promise<Buffer | undefined>;
  /**
   * At most `bytes` bytes from `offset` (fewer past the end), to read a file's own metadata
   * without fetching it whole (an MP4's boxes); undefined when there is no such file.
   */
  readBytes(key: string, offset: number, bytes: number): Promise<Buffer | undefined>;
  /** Removes the file; a file that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that accepts one upload to `key` of exactly that type and size until it expires.
   * An upload never replaces a file that is already there.
   */
  createUploadUrl(key: string, options: UploadUrlOptions): Promise<UploadTarget>;
  /** A URL that serves the file (with Range support) until it expires. */
  createViewUrl(key: string, options: ViewUrlOptions): Promise<string>;
  /**
   * The origin of the upload and view URLs, which pages must be allowed to reach (the
   * Content-Security-Policy in app.ts); null when they are paths on the API itself.
   */
  urlOrigin(): string | null;
  close(): Promise<void>;
}

/**
 * Keys are made by the API, never taken from a request as they are: a folder, a random name
 * and an extension. Checking the shape keeps any path trick out of the storage layer.
 */
export const STORAGE_KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function assertValidKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** The types of the files the portal keeps, by extension; S3 keeps the type it was given instead. */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

// A plain `type/subtype`: no parameters, spaces or line breaks that could bend a signature or a header.
const CONTENT_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** A week is the longest a presigned S3 URL can live, so neither implementation signs longer. */
const MAX_URL_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/**
 * What the callers pass is the API's own choice, already checked against the user's request;
 * a wrong value here is a bug, so it throws rather than answering a client.
 */
export function assertUploadOptions(key: string, options: UploadUrlOptions): void {
  assertValidKey(key);
  if (!CONTENT_TYPE_PATTERN.test(options.contentType)) throw new Error(`Invalid content type: ${options.contentType}`);
  if (!Number.isSafeInteger(options.size) || options.size < 0) throw new Error(`Invalid upload size: ${options.size}`);
  assertLifetime(options.expiresInSeconds);
}

export function assertLifetime(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_URL_LIFETIME_SECONDS) {
    throw new Error(`Invalid URL lifetime: ${seconds}`);
  }
}

/**
 * A Content-Disposition that makes the browser download the file under `name`. A name beyond
 * printable ASCII also gets its exact form in RFC 5987 encoding, with an ASCII fallback.
 */
export function attachmentDisposition(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'download';
  const fallback = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (fallback === clean) return `attachment; filename="${clean}"`;
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
