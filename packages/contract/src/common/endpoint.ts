import { z } from 'zod';
import { MAX_ID } from './common.schemas';
import type { AdvertiserPermission } from '../advertisers/advertiser.schemas';
import type { ApiTokenScope } from '../api-tokens/api-tokens.schemas';

/**
 * Who may call an endpoint:
 * - public: anyone (the sign-up steps check their own cookie, signed URLs their signature)
 * - user: any signed-in user (the /customer/ account endpoints serve both roles)
 * - customer: signed-in customers only
 * - admin: signed-in administrators only
 */
export type Access = 'public' | 'user' | 'customer' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A file part of a multipart body. The API refuses a larger one with 413 before reading it all. */
export interface FileField {
  maxBytes: number;
  required: boolean;
  /** The 422 message for a part that is not a file (or, when required, is missing). */
  message: string;
}

/** 4xx and 5xx statuses an endpoint documents, each answered in the error format. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 422 | 429 | 502 | 503;

/**
 * One API endpoint, defined once and used by both sides: the API registers its route from it
 * (validation, OpenAPI and the access hook follow) and the web calls it through the one typed
 * client (`apps/web/src/lib/api-client.ts`), so a path or a body shape is never written twice.
 */
export interface EndpointDefinition {
  method: HttpMethod;
  /** Relative to /api, with `:name` for path values. */
  path: string;
  access: Access;
  /**
   * What a customer endpoint needs of the caller's role in the advertiser account the request
   * names (docs/product/teams.md, Roles). Every `customer` endpoint states one; a `user` endpoint
   * may, and then binds customers only (administrators have no advertiser account).
   */
  permission?: AdvertiserPermission;
  /**
   * The narrowest personal API token scope that may call it (docs/product/accounts.md, API
   * tokens): `read` for the lists, analytics and reports, `manage` for campaign management. An
   * endpoint without one refuses API tokens (403), so account settings, tokens, payments with
   * cards, the team and the administrators' endpoints can never be reached with one.
   */
  apiToken?: ApiTokenScope;
  /** The OpenAPI tag that groups it (one per area). */
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** JSON, url-encoded or multipart fields (not the files; see `files`). */
  body?: z.ZodType;
  /** Given: the body is multipart and may carry these files. */
  files?: Record<string, FileField>;
  /** The success answer (200, or `successStatus`). */
  response: z.ZodType;
  successStatus?: 200 | 201 | 204;
  /** Other answers whose body is not the error format (login's 403, health's 503, a range's 206). */
  otherResponses?: Partial<Record<number, z.ZodType>>;
  /**
   * Failures it documents, each in the error format. Those that follow from the definition
   * itself are added by `documentedErrors` and need not be listed (listing them is harmless).
   */
  errors: readonly ErrorStatus[];
}

export interface Endpoint extends EndpointDefinition {
  /** The key it is defined under: unique across the API, and its OpenAPI operationId. */
  name: string;
}

/** Names each definition after its key, keeping every definition's own type for the client. */
export function defineEndpoints<const T extends Record<string, EndpointDefinition>>(
  definitions: T,
): { [K in keyof T]: T[K] & { name: K & string } } {
  return Object.fromEntries(
    Object.entries(definitions).map(([name, definition]) => [name, { ...definition, name }]),
  ) as { [K in keyof T]: T[K] & { name: K & string } };
}

type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : never;

/** Path values as the caller gives them. */
export type EndpointParams<E extends EndpointDefinition> = SchemaOutput<E['params']>;
/** The query as the caller gives it. */
export type EndpointQuery<E extends EndpointDefinition> = SchemaOutput<E['query']>;
/**
 * The body fields a well-behaved caller sends: the schema's output, i.e. values already in the
 * shape the server ends up with (the server also takes looser forms, such as ids as strings in a
 * form; a typed caller has no need to).
 */
export type EndpointBody<E extends EndpointDefinition> = SchemaOutput<E['body']>;
/** The success answer. */
export type EndpointResponse<E extends EndpointDefinition> = z.output<E['response']>;

/** Which of an endpoint's files must be given. */
export type EndpointFiles<E extends EndpointDefinition, FileValue> =
  E['files'] extends Record<string, FileField>
    ? {
        [K in keyof E['files'] as E['files'][K]['required'] extends true ? K : never]: FileValue;
      } & {
        [K in keyof E['files'] as E['files'][K]['required'] extends true ? never : K]?: FileValue | null;
      }
    : never;

/** The largest file any of an endpoint's file fields takes, or undefined when it takes none. */
export function largestFile(endpoint: EndpointDefinition): number | undefined {
  const sizes = Object.values(endpoint.files ?? {}).map((file) => file.maxBytes);
  return sizes.length > 0 ? Math.max(...sizes) : undefined;
}

/**
 * Every failure an endpoint documents: its own `errors`, plus those its definition makes certain,
 * so that a new endpoint cannot leave them out of the API description:
 * - 401 when it needs a session (the access hook refuses a missing or dead token);
 * - 403 when only customers or only administrators may call it (the other role is refused), or
 *   when it needs a role in the advertiser account;
 * - 404 when its path has an `:id` (an id that names nothing, or not the caller's, is not found);
 * - 422 when it takes a body or files (the body is validated);
 * - 429 when it takes personal API tokens (each token has its own rate limit).
 * A query is validated too, but the signed storage URLs judge theirs by the signature first
 * (403), so endpoints with a query list 422 themselves.
 */
export function documentedErrors(endpoint: EndpointDefinition): ErrorStatus[] {
  const implied: ErrorStatus[] = [];
  if (endpoint.access !== 'public') implied.push(401);
  if (endpoint.access === 'customer' || endpoint.access === 'admin' || endpoint.permission) implied.push(403);
  if (/:id\b/.test(endpoint.path)) implied.push(404);
  if (endpoint.body || endpoint.files) implied.push(422);
  if (endpoint.apiToken) implied.push(429);
  return [...new Set([...implied, ...endpoint.errors])].sort((a, b) => a - b);
}

/** The path with its `:name` values filled in, each escaped. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`The path ${path} needs a value for ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A file's bytes as an answer, in the OpenAPI description. */
export const binaryResponseSchema = z.any().meta({ type: 'string', format: 'binary' });

/**
 * A record id in a path. Anything that cannot be an id becomes 0, which names no record, so
 * `/update/abc` answers 404 like an id that does not exist: ids cannot be probed.
 */
export const idParams = (description: string) =>
  z.object({
    id: z
      .string()
      .transform((value) => (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : 0))
      .meta({ description }),
  });

/** A stream of server-sent events (`text/event-stream`), documented as text. */
export const eventStreamResponseSchema = z.any().meta({ type: 'string', description: 'text/event-stream' });
