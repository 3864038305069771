import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { systemClock, type Clock } from '../../lib/clock';
import {
  assertLifetime,
  assertUploadOptions,
  assertValidKey,
  attachmentDisposition,
  contentTypeOfKey,
  type FileStorage,
  type UploadTarget,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address; unset: AWS. */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name; most S3-compatible services want it. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** When URLs are signed; tests move it to make URLs that have already expired. */
  clock?: Clock;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3 bucket; browsers upload and view them through presigned URLs, straight to the bucket.
 */
// eslint-disable-next-line max-lines-per-function -- its body is the adapter's methods, each short, closing over one S3 client
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { bucket } = options;
  const clock = options.clock ?? systemClock;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // By default the SDK adds CRC32 checksums: a presigned upload would then demand a checksum
    // header that the browser cannot know before reading the file, and several S3-compatible
    // services refuse the checksum trailers the SDK's own uploads carry.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const presign = (command: PutObjectCommand | GetObjectCommand, expiresIn: number, signed: string[] = []) =>
    getSignedUrl(client, command, {
      expiresIn,
      signingDate: clock.now(),
      // Headers the URL is bound to: the browser must send exactly these values, or S3 refuses the signature.
      signableHeaders: new Set(signed),
    });

  const storage: FileStorage = {
    kind: 's3',

    async put(key, body, contentType) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(key) {
      assertValidKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? contentTypeOfKey(key),
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async head(key) {
      assertValidKey(key);
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: object.ContentLength ?? 0, contentType: object.ContentType ?? contentTypeOfKey(key) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    readStart(key, bytes) {
      return storage.readBytes(key, 0, bytes);
    },

    async readBytes(key, offset, bytes) {
      // A ranged GET of an empty object, or past its end, fails (S3 answers 416, others drop
      // the connection), so the size is asked first.
      const info = await storage.head(key);
      if (!info) return undefined;
      const length = Math.min(bytes, info.size - offset);
      if (length <= 0) return Buffer.alloc(0);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}` }),
        );
        const body = Buffer.from(await object.Body!.transformToByteArray());
        // A service that ignores Range sends the whole file; only the range is wanted.
        return body.length > length ? body.subarray(offset, offset + length) : body;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async createUploadUrl(key, { contentType, size, expiresInSeconds }): Promise<UploadTarget> {
      assertUploadOptions(key, { contentType, size, expiresInSeconds });
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: size,
        // A conditional write: S3 answers 412 rather than replace a file already at the key, so
        // the URL cannot swap the bytes after they were checked.
        IfNoneMatch: '*',
      });
      // X-Amz-Date has whole seconds, so the URL dies on a whole second too.
      const expiresAt = new Date((Math.floor(clock.now().getTime() / 1000) + expiresInSeconds) * 1000);
      const url = await presign(command, expiresInSeconds, ['content-type', 'content-length', 'if-none-match']);
      return { url, method: 'PUT', headers: { 'content-type': contentType, 'if-none-match': '*' }, expiresAt };
    },

    async createViewUrl(key, { expiresInSeconds, downloadName }) {
      assertValidKey(key);
      assertLifetime(expiresInSeconds);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: downloadName ? attachmentDisposition(downloadName) : undefined,
        // Caches may keep the file as long as its URL works, and only for this browser.
        ResponseCacheControl: `private, max-age=${expiresInSeconds}`,
      });
      return presign(command, expiresInSeconds);
    },

    urlOrigin() {
      // Asked of the SDK's own endpoint rules, so it is the origin its presigned URLs carry:
      // the bucket's host name, or the endpoint itself with path-style addressing.
      const { url } = client.config.endpointProvider({
        Bucket: bucket,
        Region: options.region,
        Endpoint: options.endpoint,
        ForcePathStyle: options.forcePathStyle,
        UseFIPS: false,
        UseDualStack: false,
        Accelerate: false,
      });
      return url.origin;
    },

    async close() {
      client.destroy();
    },
  };
  return storage;
}
