import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The request a piece of work was caused by, so that one id follows an action from its request
 * into the domain events and e-mails it records and into the log lines of the worker that handles
 * them (README, "Logs"). The id is the request log's `reqId`.
 */
const current = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request (or of the request behind the event) being handled, if any. */
export function currentRequestId(): string | undefined {
  return current.getStore()?.requestId;
}

/** Runs `work` as part of the request `requestId` (nothing changes when it is null). */
export function runForRequest<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? current.run({ requestId }, work) : work();
}

/** What a proxy in front of the portal may pass on as `X-Request-Id`: short, and safe in a log. */
const FORWARDED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: a random UUID, so that ids from several processes never collide; or the
 * proxy's `X-Request-Id` when the proxy is trusted, so its log and ours share the id.
 */
export function requestIdGenerator(trustForwarded: boolean) {
  return (request: IncomingMessage): string => {
    const forwarded = request.headers['x-request-id'];
    if (trustForwarded && typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded)) return forwarded;
    return randomUUID();
  };
}

/** The request's id under the key the request log uses, so that one search finds the whole chain. */
export function requestLogFields(requestId: string | null | undefined): { reqId?: string } {
  return requestId ? { reqId: requestId } : {};
}
