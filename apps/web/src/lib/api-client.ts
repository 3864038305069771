import { errorResponseSchema } from '@portal/contract';
import type { z } from 'zod';
import { sessionStore } from '@/stores/session-store';
import { ApiError } from './api-error';
import { endSession } from './end-session';
import { notifyError } from './notify';

export const API_BASE = '/api';
/** docs/product/accounts.md: "HTTP timeout 20 minutes" (uploads of large videos run through the same client). */
export const REQUEST_TIMEOUT_MS = 20 * 60 * 1000;
const TIMEOUT_MESSAGE = 'The request took too long.';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData goes as multipart. */
  body?: unknown;
  query?: Query;
  /** Cancels the request (TanStack Query passes one for queries). */
  signal?: AbortSignal;
  /** Checks the success body, so a changed API fails here rather than deep in a component. */
  schema?: z.ZodType<T>;
}

function buildUrl(path: string, query: Query | undefined): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, signal, schema } = options;
  const token = sessionStore.getState().token;
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (cause) {
    if (timeout.aborted) {
      const error = new ApiError({ status: 0, message: TIMEOUT_MESSAGE });
      notifyError('Error', `${error.message} Please try again`);
      error.notified = true;
      throw error;
    }
    // The caller cancelled (a query unmounted): not a failure to tell anyone about.
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, message: 'Could not reach the server. Check your connection.' });
  }

  const data = await readBody(response);
  if (!response.ok) {
    // A 401 on a call that carried our token means the session is over (docs/product/accounts.md); only the
    // session that made the call ends, so a newer sign-in in the meantime stays.
    if (response.status === 401 && token && sessionStore.getState().token === token) endSession({ ended: true });
    const parsed = errorResponseSchema.safeParse(data);
    throw new ApiError({
      status: response.status,
      message: parsed.success ? parsed.data.message : undefined,
      errors: parsed.success ? parsed.data.errors : undefined,
      body: data,
    });
  }

  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: response.status, body: data });
  return parsed.data;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE', body }),
};
