import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@portal/contract';
import { HttpError } from '../lib/http-errors';

export const ERROR_MESSAGES = {
  notFound: 'The requested resource was not found',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  bodyNotObject: 'The request body must be a JSON object or a form',
  unsupportedMediaType: 'This content type is not accepted: send JSON, a url-encoded form or multipart form data',
  badRequest: 'The request could not be understood',
  malformedMultipart: 'The request body is not valid multipart form data',
  badUrl: 'The address of the request is not valid',
  urlTooLong: 'The address of the request is too long',
  headersTooLarge: 'The request headers are too large',
  hostRequired: 'The request must name its host (the Host header)',
  timeout: 'The request took too long to arrive',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  internal: 'Something went wrong on our side. Please try again.',
  metricsTokenRequired: 'The metrics need the token set in METRICS_TOKEN',
} as const;

const CLIENT_ERROR_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: ERROR_MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: ERROR_MESSAGES.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: ERROR_MESSAGES.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: ERROR_MESSAGES.bodyTooLarge },
  FST_PARTS_LIMIT: { status: 413, message: ERROR_MESSAGES.bodyTooLarge },
  FST_FILES_LIMIT: { status: 413, message: ERROR_MESSAGES.bodyTooLarge },
  FST_FIELDS_LIMIT: { status: 413, message: ERROR_MESSAGES.bodyTooLarge },
  FST_PROTO_VIOLATION: { status: 400, message: ERROR_MESSAGES.badRequest },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: ERROR_MESSAGES.unsupportedMediaType },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: ERROR_MESSAGES.unsupportedMediaType },
};

/**
 * The multipart parser (busboy) reports a missing or wrong boundary and a body cut short with
 * plain errors that carry no code, so they are known by their words (plugins/errors.test.ts
 * sends each kind of broken body, so a new wording shows up there).
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unsupported Content-Type\.)$|unexpected end of multipart data$/i;

// Errors by which node-postgres and PGlite say the database cannot be reached right now: the
// network's, PostgreSQL's connection exceptions (class 08), a server shutting down or starting
// up (57P01-57P03) and one with no connection left (53300).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const CONNECTION_EXCEPTION_CLASS = /^08[0-9A-Z]{3}$/;

/**
 * node-postgres's own errors carry no code: the pool's wait for a connection running out, a
 * connection lost under a query ("Connection terminated unexpectedly"), a query on a client whose
 * connection broke before it ("Client has encountered a connection error and is not queryable")
 * and a query the server did not answer within `query_timeout`.
 */
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|is not queryable|Query read timeout|PGlite is closed/i;

/** Drizzle wraps the driver's error as `cause`, so the whole chain is looked at. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || CONNECTION_EXCEPTION_CLASS.test(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
  }
  return false;
}

/** Zod issues as `{ field: [messages] }`, a field being the dotted path ("body" for the body itself). */
function fieldErrors(
  validation: { instancePath: string; keyword?: string; message?: string }[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    // The body itself of the wrong type gets one plain sentence instead of Zod's wording; a
    // rule about the body as a whole ("send at least one field") keeps its own message.
    const bodyOfWrongType = field === 'body' && issue.keyword !== 'custom';
    const message = bodyOfWrongType ? ERROR_MESSAGES.bodyNotObject : (issue.message ?? 'Invalid value');
    (errors[field] ??= []).push(message);
  }
  return errors;
}

export function sendError(reply: FastifyReply, status: number, body: ErrorResponse | Record<string, unknown>) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's answers to a request it cannot route (an address with broken %-escapes, or a path
 * value longer than the router takes), in the same format as every other error and without
 * echoing the address back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, { message: ERROR_MESSAGES.urlTooLong });
  return sendError(reply, 400, {
    message: error.code === 'FST_ERR_BAD_URL' ? ERROR_MESSAGES.badUrl : ERROR_MESSAGES.badRequest,
  });
}

/** What a refusal of Node's HTTP parser is answered with, by the parser's error code. */
function parserRefusal(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: ERROR_MESSAGES.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: ERROR_MESSAGES.timeout };
  return { status: 400, message: ERROR_MESSAGES.badRequest };
}

/**
 * The server's 'clientError' event (Fastify's `clientErrorHandler` option): a request that
 * Node's HTTP parser refuses (a space in the path, a bad header character, a broken chunk, two
 * Content-Length headers, headers over the size limit) never reaches Fastify, so its answer is
 * written here as raw HTTP, in the error format like every other. The connection is closed:
 * nothing after the broken part of it can be read as a request.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = parserRefusal(error.code);
  this.log.debug({ err: error, status }, 'request refused by the HTTP parser');
  // As Node itself does (its own `socketOnError`): a response already under way on this
  // connection must not get a second status line in the middle of it.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * One place turns every failure into the documented error format (docs/product/accounts.md, API conventions): validation
 * 422 with `errors`, the client's mistakes 4xx, an unreachable database 503, and anything
 * unexpected a logged 500 that says nothing of the internals.
 */
async function errorsPlugin(app: FastifyInstance) {
  // HTTP/1.1 requires a Host header. Node would refuse a request without one with an empty 400
  // (app.ts turns that off), so the answer is given here in the error format instead.
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      reply.header('connection', 'close');
      return sendError(reply, 400, { message: ERROR_MESSAGES.hostRequired });
    }
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return sendError(
        reply,
        error.statusCode,
        error.options.body ?? { message: error.message, errors: error.options.errors },
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid';
      return sendError(reply, 422, { message: first, errors });
    }
    const known = CLIENT_ERROR_MESSAGES[error.code];
    if (known) return sendError(reply, known.status, { message: known.message });
    if (!error.code && MALFORMED_MULTIPART.test(error.message))
      return sendError(reply, 400, { message: ERROR_MESSAGES.malformedMultipart });
    // A client that went away while its body was being read: Node reports that as ECONNRESET,
    // which would otherwise read as a lost database connection. Nobody is left to answer.
    if (request.raw.readableAborted) {
      request.log.info('the client went away before its request had arrived');
      return sendError(reply, 400, { message: ERROR_MESSAGES.badRequest });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, 503, { message: ERROR_MESSAGES.unavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, { message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, { message: ERROR_MESSAGES.internal });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
