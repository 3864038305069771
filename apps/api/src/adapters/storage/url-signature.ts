import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What a signed URL of the local storage allows: one method on one key until `expires`. */
export interface SignedRequest {
  method: 'GET' | 'PUT';
  key: string;
  /** Unix time in seconds. */
  expires: number;
  /** Uploads: the only content type and the exact size accepted. */
  contentType?: string;
  size?: number;
  /** Views: the name the browser downloads the file under. */
  downloadName?: string;
}

/**
 * Every field is signed in a fixed order, one per line, and none can hold a line break (keys,
 * types and numbers are checked, download names are cleaned), so no two requests share a text.
 * The version prefix lets the format change without old URLs being read the new way.
 */
function signedText(request: SignedRequest): string {
  return [
    'v1',
    request.method,
    request.key,
    String(request.expires),
    request.contentType ?? '',
    request.size === undefined ? '' : String(request.size),
    request.downloadName ?? '',
  ].join('\n');
}

export function signRequest(secret: string, request: SignedRequest): string {
  return createHmac('sha256', secret).update(signedText(request)).digest('base64url');
}

/** Compared in constant time, so the answer's timing tells nothing about the right signature. */
export function hasValidSignature(secret: string, request: SignedRequest, signature: string): boolean {
  const expected = Buffer.from(signRequest(secret, request));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The secret of the embedded storage when STORAGE_SIGNING_SECRET is not set: made once and kept
 * in the data folder, so URLs handed out stay valid across restarts. It is written aside and
 * linked into place, so the file appears whole, and the first of two processes starting
 * together wins while the other reads what it wrote.
 */
export async function loadOrCreateSigningSecret(file: string): Promise<string> {
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing !== undefined) return checkedSecret(existing, file);
  await mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return checkedSecret(await readFile(file, 'utf8'), file);
}

/** A damaged file must stop the server, not make every URL signable with a guessable key. */
function checkedSecret(text: string, file: string): string {
  const secret = text.trim();
  if (secret.length < 32) {
    throw new Error(
      `${file} holds no usable signing secret: delete it to have one made, or set STORAGE_SIGNING_SECRET`,
    );
  }
  return secret;
}
