import {
  fillPath,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointFiles,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@portal/contract';
import type { z } from 'zod';
import { sessionStore } from '@/stores/session-store';
import { ApiError } from './api-error';
import { endSession } from './end-session';
import { answerError, send, type UploadProgressListener } from './http';

export const API_BASE = '/api';

type Query = Record<string, unknown>;

interface RequestOptions<T> {
  method: EndpointDefinition['method'];
  /** A plain object is sent as JSON; FormData goes as multipart. */
  body?: unknown;
  query?: Query;
  /** Cancels the request (TanStack Query passes one for queries). */
  signal?: AbortSignal;
  /** Checks the success body, so a changed API fails here rather than deep in a component. */
  schema: z.ZodType<T>;
  onUploadProgress?: UploadProgressListener;
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

async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method, body, query, signal, schema, onUploadProgress } = options;
  const token = sessionStore.getState().token;
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: XMLHttpRequestBodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const answer = await send(buildUrl(path, query), { method, headers, body: payload, signal, onUploadProgress });
  if (!answer.ok) {
    // A 401 on a call that carried our token means the session is over (docs/product/accounts.md); only the
    // session that made the call ends, so a newer sign-in in the meantime stays.
    if (answer.status === 401 && token && sessionStore.getState().token === token) endSession({ ended: true });
    throw answerError(answer);
  }

  const parsed = schema.safeParse(answer.data);
  if (!parsed.success) throw new ApiError({ status: answer.status, body: answer.data });
  return parsed.data;
}

/** A part of the call that the endpoint takes, required; one it does not take, absent. */
type Part<Name extends string, T> = [T] extends [never] ? { [K in Name]?: never } : { [K in Name]: T };

/** What a call of `endpoint` gives: its path values, query, body fields and files, as the contract types them. */
export type CallInput<E extends EndpointDefinition> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>> &
  Part<'files', EndpointFiles<E, Blob>> & {
    /** Cancels the request (TanStack Query passes one for queries). */
    signal?: AbortSignal;
    /** Reports how much of the body has been sent (see lib/uploader.ts). */
    onUploadProgress?: UploadProgressListener;
  };

type Takes<T> = [T] extends [never] ? false : true;
/** Whether a call must say something: an endpoint without path values, query, body or files can be called bare. */
type NeedsInput<E extends EndpointDefinition> =
  Takes<EndpointParams<E>> extends true
    ? true
    : Takes<EndpointQuery<E>> extends true
      ? true
      : Takes<EndpointBody<E>> extends true
        ? true
        : Takes<EndpointFiles<E, Blob>>;

/** A multipart body: the fields as text, then the files that were given. */
function formData(
  fields: Record<string, unknown> | undefined,
  files: Record<string, Blob | null | undefined>,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value !== undefined && value !== null) form.set(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) {
    if (file) form.set(name, file);
  }
  return form;
}

/**
 * Calls one endpoint of the contract: the only way the web reaches the API, so every path,
 * body and answer is the one the API registers. The body goes as JSON, or as multipart when
 * the endpoint takes files; the answer is checked against the endpoint's success schema.
 */
export function callApi<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: NeedsInput<E> extends true ? [CallInput<E>] : [CallInput<E>?]
): Promise<EndpointResponse<E>> {
  const { params, query, body, files, signal, onUploadProgress } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Query;
    body?: Record<string, unknown>;
    files?: Record<string, Blob | null | undefined>;
    signal?: AbortSignal;
    onUploadProgress?: UploadProgressListener;
  };
  return request(fillPath(endpoint.path, params), {
    method: endpoint.method,
    query,
    body: endpoint.files ? formData(body, files ?? {}) : body,
    signal,
    onUploadProgress,
    schema: endpoint.response as z.ZodType<EndpointResponse<E>>,
  });
}
