/**
 * An answer the API means to give: a 4xx (or 503) with the documented error body. The error
 * handler turns it into `{ message, errors? }`, or into `body` when a route's documented
 * answer has another shape (the incomplete-registration 403).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: {
      errors?: Record<string, string[]>;
      body?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { headers: { 'retry-after': String(retryAfterSeconds) } });

/** A refusal that concerns one field: the message, and the same under `errors[field]` for the form. */
export const fieldError = (status: number, field: string, message: string) =>
  new HttpError(status, message, { errors: { [field]: [message] } });
