import type { Readable } from 'node:stream';

/** Where uploaded files live: local files by default, an S3-compatible bucket in production. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | undefined>;
  delete(key: string): Promise<void>;
}

/**
 * Keys are made by the API, never taken from a request as they are: a folder, a random name
 * and an extension. Checking the shape keeps any path trick out of the storage layer.
 */
export const STORAGE_KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function assertValidKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}
