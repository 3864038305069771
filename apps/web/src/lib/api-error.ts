export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

/** A failed API call, in the shape of the API's error body (docs/product/accounts.md, API conventions). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer came (network failure or time-out). */
  readonly status: number;
  /** The sentence the server sent, if it sent one; `message` falls back to the generic text. */
  readonly serverMessage: string | undefined;
  /** Field errors of a 422 answer. */
  readonly errors: Record<string, string[]>;
  /** The parsed answer, for the few callers that read more than the message. */
  readonly body: unknown;
  /** Set once the user has been told about this error, so no second toast repeats it. */
  notified = false;

  constructor(init: { status: number; message?: string; errors?: Record<string, string[]>; body?: unknown }) {
    super(init.message || GENERIC_ERROR_MESSAGE);
    this.status = init.status;
    this.serverMessage = init.message || undefined;
    this.errors = init.errors ?? {};
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
