import { errorResponseSchema } from '@portal/contract';
import { ApiError } from './api-error';
import { notifyError } from './notify';

/** docs/product/accounts.md: "HTTP timeout 20 minutes" (uploads of large videos run through the same code). */
const REQUEST_TIMEOUT_MS = 20 * 60 * 1000;
const TIMEOUT_MESSAGE = 'The request took too long.';
const UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection.';

/** How much of a request body has been sent, from 0 to 100. */
export type UploadProgressListener = (percent: number) => void;

export interface SendInit {
  method: string;
  headers: Headers;
  /** What both fetch and XMLHttpRequest can send (no streams). */
  body?: XMLHttpRequestBodyInit;
  /** Cancels the request (TanStack Query passes one for queries). */
  signal?: AbortSignal;
  /** Given: the body goes through XMLHttpRequest, the one browser API that reports upload progress. */
  onUploadProgress?: UploadProgressListener;
  /**
   * 'blob': a successful answer's body is kept as it came (a file to save), not parsed; a failed
   * one is still read as the error format. Not with `onUploadProgress`.
   */
  responseType?: 'blob';
}

/** An answer: its status and its body, parsed as JSON when it is JSON (a Blob when asked for one). */
export interface Answer {
  status: number;
  ok: boolean;
  data: unknown;
  /** The answer's headers; not given for requests sent with upload progress. */
  headers?: Headers;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function sendWithFetch(url: string, init: SendInit & { signal: AbortSignal }): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method,
    headers: init.headers,
    body: init.body,
    signal: init.signal,
  });
  const data = init.responseType === 'blob' && response.ok ? await response.blob() : parseBody(await response.text());
  return { status: response.status, ok: response.ok, data, headers: response.headers };
}

/** Like fetch, it rejects with the signal's reason when cancelled and with a TypeError when the network fails. */
function sendWithProgress(
  url: string,
  init: SendInit & { signal: AbortSignal; onUploadProgress: UploadProgressListener },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { signal, onUploadProgress } = init;
    if (signal.aborted) return reject(signal.reason as Error);
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    init.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(Math.round((event.loaded / event.total) * 100));
    });
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    const settle = () => signal.removeEventListener('abort', abort);
    xhr.addEventListener('load', () => {
      settle();
      onUploadProgress(100);
      resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, data: parseBody(xhr.responseText) });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(signal.reason as Error);
    });
    xhr.send(init.body ?? null);
  });
}

/**
 * Sends one request with the time-out every request has, and turns the ways it can fail without
 * an answer into an ApiError with status 0 (a time-out is also told to the user at once). A
 * request its caller cancelled rejects with the cancellation, which nobody needs to be told of.
 */
export async function send(url: string, init: SendInit): Promise<Answer> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  try {
    const { onUploadProgress } = init;
    return onUploadProgress
      ? await sendWithProgress(url, { ...init, signal, onUploadProgress })
      : await sendWithFetch(url, { ...init, signal });
  } catch (cause) {
    if (timeout.aborted) {
      const error = new ApiError({ status: 0, message: TIMEOUT_MESSAGE });
      notifyError('Error', `${error.message} Please try again`);
      error.notified = true;
      throw error;
    }
    if (init.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, message: UNREACHABLE_MESSAGE });
  }
}

/** A failed answer as an ApiError, with the message and field errors of the error format when it has them. */
export function answerError({ status, data }: Answer): ApiError {
  const parsed = errorResponseSchema.safeParse(data);
  return new ApiError({
    status,
    message: parsed.success ? parsed.data.message : undefined,
    errors: parsed.success ? parsed.data.errors : undefined,
    body: data,
  });
}
