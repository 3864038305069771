import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets that travel in URLs, so that nobody who can read the logs can use a link from them:
 * - reset-link and shared-link tokens, in the path (the pages' and the shared links' API alike);
 * - the signature of the embedded storage's signed URLs (decision 011), which opens a customer's
 *   file for as long as the URL lives;
 * - S3's presigned query parameters, should an S3 URL ever be logged: the signature, and the
 *   credential and session token it was made with.
 * Logs keep the route and the other parameters and lose the secret.
 */
const SECRET_PATH_SEGMENT = /\/(reset-password|password-setup|shared\/preview|shared\/report)\/[^/?#]+/g;
const SECRET_QUERY_PARAMETER = /([?&](?:signature|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token)=)[^&#]*/gi;

export const redactUrl = (url: string): string =>
  url.replace(SECRET_PATH_SEGMENT, '/$1/[redacted]').replace(SECRET_QUERY_PARAMETER, '$1[redacted]');

// A failed query's message ends with its parameters, which are the user's data.
const QUERY_PARAMETERS = /\nparams: [^\n]*/g;
// PostgreSQL errors carry a five-character SQLSTATE code and quote the offending value in their
// message ('invalid input syntax for type integer: "…"').
const SQLSTATE = /^[0-9A-Z]{5}$/;
const QUOTED = /"[^"\n]*"/g;

function scrub(text: string | undefined, fromDatabase: boolean): string {
  const withoutParameters = (text ?? '').replace(QUERY_PARAMETERS, '');
  return fromDatabase ? withoutParameters.replace(QUOTED, '"…"') : withoutParameters;
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggedError;
}

/**
 * What the log keeps of an error: its type, code, message and stack, without the query
 * parameters, the quoted values and the details (PostgreSQL's "Key (email)=(…)") that errors
 * from the database carry. Nothing a user typed reaches the log through an error.
 */
function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const code = (error as { code?: unknown }).code;
  const fromDatabase = typeof code === 'string' && SQLSTATE.test(code);
  return {
    type: error.name,
    message: scrub(error.message, fromDatabase),
    ...(typeof code === 'string' ? { code } : {}),
    stack: scrub(error.stack, fromDatabase),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** pino options for the server: request URLs with secrets redacted, errors without user data. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: unknown) => serializeError(error),
    },
  };
}
