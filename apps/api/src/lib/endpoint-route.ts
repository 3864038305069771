import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import { z } from 'zod';
import {
  documentedErrors,
  errorResponseSchema,
  largestFile,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type FileField,
} from '@portal/contract';
import { acceptsFile } from '../plugins/body-parsers';
import { requirePrincipal, type PrincipalFor } from './principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's definition the route was registered from (plugins/auth.ts reads its access). */
    endpoint?: Endpoint;
  }
}

/** The file parts of a multipart body, as the parser hands them over. */
type UploadedFiles<E extends Endpoint> =
  E['files'] extends Record<string, FileField>
    ? {
        [K in keyof E['files']]: E['files'][K]['required'] extends true ? Buffer : Buffer | undefined;
      }
    : unknown;

type Defined<T> = [T] extends [never] ? unknown : T;

/**
 * The request a route's handler gets: params, query and body already parsed by the contract's
 * schemas, and the principal its access rule guarantees (a customer on a `customer` route, with
 * a role in the advertiser account that allows the endpoint's permission).
 */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Defined<EndpointParams<E>>;
  Querystring: Defined<EndpointQuery<E>>;
  Body: Defined<EndpointBody<E>> & UploadedFiles<E>;
}> & { principal: PrincipalFor<E> };

/** A handler returns the success answer, or the reply when it has sent another answer itself. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | FastifyReply>;

/**
 * What a route adds to its definition that only the server knows: a hook that runs before the
 * body is read (its params and query are still the raw strings), and one that sees the answer.
 */
export interface RouteExtras<E extends Endpoint> {
  onRequest?: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<void>;
  onSend?: onSendHookHandler;
}

/** A file part: a Buffer, documented as binary. An empty optional file input counts as none. */
function fileSchema(file: FileField) {
  const buffer = z.instanceof(Buffer, { error: file.message });
  const schema = file.required
    ? buffer
    : buffer.optional().transform((bytes) => (bytes && bytes.length > 0 ? bytes : undefined));
  return schema.meta({ type: 'string', format: 'binary' });
}

function bodySchema(endpoint: Endpoint): z.ZodType | undefined {
  if (!endpoint.files) return endpoint.body;
  const files = z.object(
    Object.fromEntries(Object.entries(endpoint.files).map(([name, file]) => [name, fileSchema(file)])),
  );
  return endpoint.body ? z.intersection(endpoint.body, files) : files;
}

/** The definition's description, with the API token scope it takes (docs/product/accounts.md, API tokens). */
function description(endpoint: Endpoint): string | undefined {
  const scope =
    endpoint.apiToken &&
    `Takes a personal API token with the ${endpoint.apiToken} scope${endpoint.apiToken === 'read' ? ' or wider' : ''}.`;
  return [endpoint.description, scope].filter(Boolean).join(' ') || undefined;
}

/**
 * Registers the route of one endpoint definition from the contract. Its schema, its OpenAPI
 * entry (operationId, tag, security from the access rule, every documented answer) and its
 * access rule all come from the definition, so the two sides cannot disagree.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras<E> = {},
): void {
  const run = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => ReturnType<RouteHandlerMethod>;
  // The access hook has already refused a request without the principal the rule asks for; the
  // check here keeps the handler's type true even for a route registered without that hook.
  const signedIn = (request: FastifyRequest, reply: FastifyReply) => {
    requirePrincipal(request);
    return run(request, reply);
  };
  const maxFileBytes = largestFile(endpoint);
  const body = bodySchema(endpoint);
  const errorResponses = Object.fromEntries(documentedErrors(endpoint).map((status) => [status, errorResponseSchema]));
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      endpoint,
      access: endpoint.access,
      // A multipart body may carry files only where the route says how large (plugins/body-parsers.ts).
      ...(maxFileBytes !== undefined && acceptsFile(maxFileBytes, Object.keys(endpoint.files ?? {}).length)),
    },
    schema: {
      operationId: endpoint.name,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(description(endpoint) && { description: description(endpoint) }),
      security:
        endpoint.access === 'public' ? [] : [{ bearerAuth: [] }, ...(endpoint.apiToken ? [{ apiToken: [] }] : [])],
      ...(endpoint.files && {
        consumes: [
          'multipart/form-data',
          ...(endpoint.body ? ['application/json', 'application/x-www-form-urlencoded'] : []),
        ],
      }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(body && { body }),
      response: {
        [endpoint.successStatus ?? 200]: endpoint.response,
        ...errorResponses,
        // An answer the definition describes itself is more precise than the error format alone.
        ...endpoint.otherResponses,
      },
    },
    ...(extras as { onRequest?: onRequestHookHandler; onSend?: onSendHookHandler }),
    handler: endpoint.access === 'public' ? run : signedIn,
  });
}
