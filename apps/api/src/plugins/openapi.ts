import { STATUS_CODES } from 'node:http';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { API_TOKEN_PREFIX, API_TOKEN_REQUESTS_PER_MINUTE, endpoints, type Endpoint } from '@portal/contract';
import { route } from '../lib/endpoint-route';

/** An OpenAPI document, as far as this file reads and changes it. */
export interface ApiDescription {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
  [field: string]: unknown;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: unknown }>;
  [field: string]: unknown;
}

/**
 * Finishes (in place) the document that @fastify/swagger and the Zod transform make:
 * - each Zod schema with an id becomes two components, `Name` (as answered) and `NameInput` (as
 *   sent). Most are only ever one of the two, so the components nothing refers to are left out;
 * - an answer that has no description of its own gets its HTTP reason phrase ("Unauthorized")
 *   instead of "Default Response".
 */
function finishDescription(document: ApiDescription): ApiDescription {
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (response.description === 'Default Response') response.description = STATUS_CODES[status] ?? status;
    }
  }
  const schemas = document.components.schemas;
  const used = new Set<string>();
  // Start from everything outside the schemas, then follow each used schema's own references.
  const pending = referencedSchemas({ ...document, components: { ...document.components, schemas: {} } });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...referencedSchemas(schemas[name]));
  }
  document.components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return document;
}

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

/** The names of the component schemas a part of the document refers to with `$ref`. */
function referencedSchemas(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedSchemas);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const name = key === '$ref' && typeof child === 'string' ? SCHEMA_REF.exec(child)?.[1] : undefined;
    return name !== undefined ? [name] : referencedSchemas(child);
  });
}

/** What both the served document and the written one (`describeApi`) are made with. */
function swaggerOptions(productName: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      // 3.1, whose schemas are JSON Schema: a nullable reference is `anyOf: [reference, null]`,
      // where 3.0 has only `nullable`, which means nothing beside a `$ref` and which tools refuse.
      openapi: '3.1.0',
      info: {
        title: `${productName} API`,
        version: '1.0.0',
        description:
          'The JSON API of the web app. Every failure is answered as `{ message, errors? }` (`ErrorResponse`), ' +
          '`errors` naming the fields a 422 refused.',
      },
      // Relative: the API is at the origin that serves this document, which also serves the web app.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'The `access_token` that logging in answers' },
          // A second scheme for programs (docs/product/accounts.md, API tokens): the same header,
          // told apart by its prefix; only operations that list it take one.
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_TOKEN_PREFIX}…`,
            description: `A personal API token made on My account, sent as \`Authorization: Bearer ${API_TOKEN_PREFIX}…\`. An operation that lists this scheme takes one; its description says the scope it needs (read, or manage for campaign management). Each token may make ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute (429 with Retry-After past that).`,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      finishDescription(jsonSchemaTransformObject(documentObject) as unknown as ApiDescription),
  };
}

/** The OpenAPI description comes from the same Zod schemas that validate each route. */
async function openapiPlugin(app: FastifyInstance, options: { productName: string }) {
  await app.register(swagger, swaggerOptions(options.productName));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(openapiPlugin, { name: 'openapi' });

/**
 * The API description without a database or a server: every endpoint of the contract is
 * registered with `route()`, as the app does, on an app that only describes them, so this is the
 * document `/api/docs` serves (openapi.test.ts compares the two; with S3 storage the served one
 * lacks the embedded storage's signed-URL routes). It takes under a second, so the checks write
 * it afresh on every run (write-openapi.ts, docs/api.md).
 */
export async function describeApi(productName: string): Promise<ApiDescription> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, swaggerOptions(productName));
  await app.register(
    async (api) => {
      for (const endpoint of Object.values(endpoints) as Endpoint[]) {
        route(api, endpoint, async () => {
          throw new Error('This app only describes the API; it never answers a request');
        });
      }
    },
    { prefix: '/api' },
  );
  await app.ready();
  const document = app.swagger() as unknown as ApiDescription;
  await app.close();
  return document;
}
