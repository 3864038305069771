import { useCallback, useState } from 'react';
import { answerError, send, type UploadProgressListener } from './http';

/** Where a file goes: a signed upload URL and the headers it was signed with. */
export interface UploadTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface UploadOptions {
  onProgress?: UploadProgressListener;
  signal?: AbortSignal;
}

/**
 * Sends a file's bytes to a signed upload URL (the API's own for embedded storage, the bucket's
 * with S3), reporting progress. The URL is its own credential, so no bearer token goes with it.
 * A refusal comes back as an ApiError, with the storage's sentence when it sent one in the
 * error format.
 */
export async function uploadToSignedUrl(target: UploadTarget, file: Blob, options: UploadOptions = {}): Promise<void> {
  const headers = new Headers(target.headers);
  if (!headers.has('Content-Type') && file.type) headers.set('Content-Type', file.type);
  const answer = await send(target.url, {
    method: 'PUT',
    headers,
    body: file,
    signal: options.signal,
    onUploadProgress: options.onProgress ?? (() => undefined),
  });
  if (!answer.ok) throw answerError(answer);
}

/**
 * The progress of one upload, for a progress bar: `percent` is null while nothing is being
 * sent. Pass `onProgress` to the upload (uploadToSignedUrl, or callApi's onUploadProgress).
 */
export function useUploadProgress() {
  const [percent, setPercent] = useState<number | null>(null);
  const onProgress = useCallback((value: number) => setPercent(value), []);
  const reset = useCallback(() => setPercent(null), []);
  return { percent, onProgress, reset };
}
