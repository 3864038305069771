import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Limits for the form parsers; the JSON body limit is Fastify's bodyLimit, set in app.ts. A
 * multipart body may carry no file unless its route says how large one may be (`acceptsFile`),
 * so a route that takes large files does not raise the limit of every other.
 */
const MULTIPART_LIMITS = {
  fieldSize: 64 * 1024,
  fields: 50,
  files: 0,
  fileSize: 0,
  parts: 60,
} as const;

/**
 * Route config for a route whose multipart body carries up to `files` files of at most
 * `maxBytes` each; a larger one is refused with 413 as soon as it passes the limit, before it is
 * all read. @fastify/multipart merges `multipartOptions` over the limits above for that route
 * only. (Routes made from the contract's endpoints get this from their `files`.)
 */
export const acceptsFile = (maxBytes: number, files = 1) => ({
  multipartOptions: { limits: { files, fileSize: maxBytes } },
});

/**
 * The documents send JSON, url-encoded and multipart bodies alike (docs/product/accounts.md, API
 * conventions), so every
 * route accepts all three and validates the same object, whatever the encoding.
 */
async function bodyParsersPlugin(app: FastifyInstance) {
  // Fastify reads text/plain by default; no route takes it, so it gets a clear 415 instead.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, {
    // Fields and files arrive as plain values on request.body, so one Zod schema validates them.
    attachFieldsToBody: 'keyValues',
    limits: MULTIPART_LIMITS,
    throwFileSizeLimit: true,
  });
}

export default fp(bodyParsersPlugin, { name: 'body-parsers' });
