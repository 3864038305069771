import {
  ADVERTISER_HEADER,
  ADVERTISER_MESSAGES,
  authEndpoints,
  fillPath,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointFiles,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@portal/contract';
import type { z } from 'zod';
import { advertiserStore } from '@/stores/advertiser-store';
import { sessionStore } from '@/stores/session-store';
import { ApiError } from './api-error';
import { endSession } from './end-session';
import { answerError, send, type Answer, type UploadProgressListener } from './http';

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

interface SendOptions {
  method: EndpointDefinition['method'];
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  onUploadProgress?: UploadProgressListener;
  /** What the caller takes back: JSON, or a file kept as a Blob. */
  accept: 'json' | 'file';
}

/**
 * What every call of the signed-in user carries: the bearer token and the advertiser account
 * chosen in this browser (docs/product/teams.md), which the server checks on every request.
 */
export function signedInHeaders(): Record<string, string> {
  const token = sessionStore.getState().token;
  if (!token) return {};
  const advertiserId = advertiserStore.get();
  return {
    Authorization: `Bearer ${token}`,
    ...(advertiserId === null ? {} : { [ADVERTISER_HEADER]: String(advertiserId) }),
  };
}

/** A refusal that says the account the request named is not the caller's (any more). */
export function lostAccount(body: unknown): boolean {
  const message = (body as { message?: unknown } | null)?.message;
  return message === ADVERTISER_MESSAGES.notMember || message === ADVERTISER_MESSAGES.headerInvalid;
}

/** Forgets the chosen account, unless another was chosen meanwhile. */
export function forgetChosenAdvertiser(advertiserId: number): void {
  if (advertiserStore.get() === advertiserId) advertiserStore.set(null);
}

/**
 * Sends one request to the API as the signed-in user (the bearer token), and turns a failed
 * answer into an ApiError; a 401 on a call that carried the token ends that session.
 */
async function sendToApi(path: string, options: SendOptions): Promise<Answer> {
  const { method, body, query, signal, onUploadProgress, accept } = options;
  const token = sessionStore.getState().token;
  const advertiserId = advertiserStore.get();
  const headers = new Headers({ Accept: accept === 'json' ? 'application/json' : '*/*', ...signedInHeaders() });

  let payload: XMLHttpRequestBodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const answer = await send(buildUrl(path, query), {
    method,
    headers,
    body: payload,
    signal,
    onUploadProgress,
    responseType: accept === 'file' ? 'blob' : undefined,
  });
  if (!answer.ok) {
    // A 401 on a call that carried our token means the session is over (docs/product/accounts.md); only the
    // session that made the call ends, so a newer sign-in in the meantime stays. Logging out is left to
    // its caller, which ends the session as the user's own choice whatever the answer.
    const sessionOver = answer.status === 401 && token && sessionStore.getState().token === token;
    if (sessionOver && path !== authEndpoints.logout.path) endSession({ ended: true });
    // The chosen account is no longer the user's (removed, or left elsewhere): back to their first.
    if (answer.status === 403 && advertiserId !== null && lostAccount(answer.data))
      forgetChosenAdvertiser(advertiserId);
    throw answerError(answer);
  }
  return answer;
}

async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { schema, ...sendOptions } = options;
  const answer = await sendToApi(path, { ...sendOptions, accept: 'json' });
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

/**
 * Calls an endpoint with a multipart body of text fields written as its documents give them
 * (days as 'D MMM YYYY 00:00:00', a list as `dates[0]`, `dates[1]`, …) rather than as the
 * schema's parsed values: for the forms documented as multipart that carry no file (see
 * docs/product/insights.md, Statistics entries). The path and the answer are the contract's.
 */
export function callApiMultipart<E extends EndpointDefinition>(
  endpoint: E,
  input: Part<'params', EndpointParams<E>> & { fields: Record<string, string>; signal?: AbortSignal },
): Promise<EndpointResponse<E>> {
  const { params, fields, signal } = input as {
    params?: Record<string, unknown>;
    fields: Record<string, string>;
    signal?: AbortSignal;
  };
  return request(fillPath(endpoint.path, params), {
    method: endpoint.method,
    body: formData(fields, {}),
    signal,
    schema: endpoint.response as z.ZodType<EndpointResponse<E>>,
  });
}

/** A file an endpoint answered: its bytes and the answer's headers (Content-Disposition names it). */
export interface ApiFile {
  blob: Blob;
  headers: Headers;
}

/**
 * Fetches a file an endpoint answers (a CSV export) as callApi calls an endpoint: the same
 * token, time-out and error handling; the body is kept as it came rather than read as JSON.
 */
export async function fetchApiFile<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: NeedsInput<E> extends true ? [CallInput<E>] : [CallInput<E>?]
): Promise<ApiFile> {
  const { params, query, signal } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Query;
    signal?: AbortSignal;
  };
  const answer = await sendToApi(fillPath(endpoint.path, params), {
    method: endpoint.method,
    query,
    signal,
    accept: 'file',
  });
  // A successful answer asked for as a file is always a Blob (lib/http.ts).
  return { blob: answer.data as Blob, headers: answer.headers ?? new Headers() };
}
