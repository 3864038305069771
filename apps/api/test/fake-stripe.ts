import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the portal uses, for tests that run the real
 * `stripe` package against it (pass `apiOptions` to `createStripeProvider`).
 *
 * It answers JSON shaped as Stripe's API answers (only the fields worth having, test mode) for:
 *
 * | request                       | answer                                                        |
 * | ----------------------------- | ------------------------------------------------------------- |
 * | `POST /v1/customers`          | a new customer                                                |
 * | `POST /v1/setup_intents`      | a new setup intent with its `client_secret`                   |
 * | `GET /v1/payment_methods/:id` | a payment method registered by the test, else Stripe's 404    |
 * | `POST /v1/checkout/sessions`  | a new, open Checkout Session, `url` on checkout.stripe.test   |
 * | `GET /v1/payment_intents/:id` | a payment intent; `expand[]=latest_charge` expands its charge |
 * | `POST /v1/refunds`            | `amount` (or all that is left) back, once per idempotency key |
 * | `POST /v1/payment_intents`    | an off-session charge of a saved card, once per idempotency key |
 *
 * A refund of more than is left of its payment answers Stripe's 400 (`amount_too_large`, or
 * `charge_already_refunded` when nothing is left).
 *
 * Unknown ids answer Stripe's 404 (`resource_missing`), other paths Stripe's "Unrecognized request
 * URL"; a request with no API key, or another key than `secretKey` when one is given, answers 401;
 * `fail(...)` makes chosen requests answer an error of the test's choosing.
 *
 * Every request is recorded in `requests` with its form-encoded body (or query) as flat keys,
 * as Stripe's SDK writes them: `metadata[portal_user_id]`, `line_items[0][price_data][unit_amount]`.
 *
 * To play a payment: create the session through the provider, `payCheckoutSession(id)` (which
 * makes its payment intent and charge here, so the provider can read them back), then deliver
 * `signWebhook(stripeEvent('checkout.session.completed', session), webhookSecret)`.
 */

/** A JSON object as Stripe answers it. */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface FakeStripeRequest {
  method: string;
  /** Without the query, ids decoded: `/v1/payment_methods/pm_123`. */
  path: string;
  /** The query string's parameters (what GET requests carry), flat: `expand[0]`. */
  query: Record<string, string>;
  /** The form-encoded body's parameters, flat. */
  body: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface FakeCardOptions {
  id?: string;
  /** The customer it is attached to; null: not attached. */
  customer?: string | null;
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
  /**
   * What an off-session charge of it does, as Stripe's test cards: succeed (the default), be
   * declined (`card_declined`) or need the cardholder (`authentication_required`).
   */
  offSession?: 'succeeds' | 'declines' | 'asks_authentication';
}

export interface FakePaymentIntentOptions {
  id?: string;
  amount: number;
  /** Default `succeeded`. */
  status?: string;
  customer?: string | null;
  metadata?: Record<string, string>;
  /** The card its charge was made with; null: a charge without card details. Default a Visa •••• 4242. */
  card?: { brand: string; last4: string } | null;
  /** When its charge was made (Unix seconds). Default now. */
  chargeCreated?: number;
  /** False: the intent has no charge yet (`latest_charge` null). Default true. */
  withCharge?: boolean;
}

export interface FakeStripe {
  /** For `createStripeProvider({ apiOptions })` or `new Stripe(key, { ...apiOptions })`. */
  apiOptions: { host: string; port: number; protocol: 'http' };
  /** Every request received, in order. */
  requests: FakeStripeRequest[];
  customers: Map<string, StripeObject>;
  setupIntents: Map<string, StripeObject>;
  /** The payment methods the fake knows; add with `addCard` or set any object. */
  paymentMethods: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  /** The payment intents the fake knows; add with `addPaymentIntent` or set any object. */
  paymentIntents: Map<string, StripeObject>;
  charges: Map<string, StripeObject>;
  /** The refunds made, by id. */
  refunds: Map<string, StripeObject>;
  /**
   * Makes the next `times` requests with this method and path (default 1) answer this error
   * instead, as Stripe would: `{ status: 400, error: { type: 'invalid_request_error', code, message } }`.
   * The SDK retries 409, 429 and 5xx answers, so a lasting outage needs `times` above its retries.
   */
  fail(
    request: { method: string; path: string },
    answer: { status: number; error: Record<string, unknown> },
    times?: number,
  ): void;
  /** The last request with this method and path, if any. */
  lastRequest(method: string, path: string): FakeStripeRequest | undefined;
  /** Registers a card payment method (as Stripe.js would create it) and returns it. */
  addCard(options?: FakeCardOptions): StripeObject;
  /** Registers a payment intent, with its charge unless told otherwise, and returns it. */
  addPaymentIntent(options: FakePaymentIntentOptions): StripeObject;
  /**
   * Pays an open Checkout Session as Stripe's page would: a succeeded payment intent (with the
   * session's `payment_intent_data[metadata]`) and charge for its total, the session `complete`
   * and `paid`. Returns the session, ready for a `checkout.session.completed` event.
   */
  payCheckoutSession(
    sessionId: string,
    options?: Pick<FakePaymentIntentOptions, 'card' | 'chargeCreated' | 'status'>,
  ): StripeObject;
  close(): Promise<void>;
}

/** An id as Stripe makes them: the object's prefix, then random characters. */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * The parameters one level under `prefix`, itself flat: `formObject(body, 'metadata')` reads
 * `metadata[a]` as `{ a }`, `formObject(body, 'payment_intent_data[metadata]')` the intent's metadata.
 */
export function formObject(params: Record<string, string>, prefix: string): Record<string, string> {
  const result: Record<string, string> = {};
  const start = `${prefix}[`;
  for (const [key, value] of Object.entries(params)) {
    if (!key.startsWith(start)) continue;
    const rest = key.slice(start.length);
    const end = rest.indexOf(']');
    if (end > 0 && end === rest.length - 1) result[rest.slice(0, end)] = value;
  }
  return result;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const resourceMissing = (name: string, id: string, param: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
    message: `No such ${name}: '${id}'`,
    param,
  });

const parameterMissing = (param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/** Starts the fake on 127.0.0.1 and a free port. `secretKey`: the only API key it accepts. */
export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const paymentIntents = new Map<string, StripeObject>();
  const charges = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  // Stripe answers a repeated idempotency key with the first answer.
  const refundOfKey = new Map<string, StripeObject>();
  const intentOfKey = new Map<string, StripeObject>();
  const offSessionOf = new Map<string, FakeCardOptions['offSession']>();
  const failures: { method: string; path: string; status: number; error: Record<string, unknown>; times: number }[] =
    [];
  // What a session's payment intent will carry (`payment_intent_data[metadata]`), until it is paid.
  const intentMetadataOfSession = new Map<string, Record<string, string>>();

  function addCard(card: FakeCardOptions = {}): StripeObject {
    const brand = card.brand ?? 'visa';
    const method: StripeObject = {
      id: card.id ?? stripeId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand,
        country: 'US',
        display_brand: brand,
        exp_month: card.expMonth ?? 4,
        exp_year: card.expYear ?? 2030,
        funding: 'credit',
        last4: card.last4 ?? '4242',
        networks: { available: [brand], preferred: null },
        wallet: null,
      },
      created: now(),
      customer: card.customer ?? null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    paymentMethods.set(method.id, method);
    offSessionOf.set(method.id, card.offSession ?? 'succeeds');
    return method;
  }

  /** `POST /v1/payment_intents` with `confirm` and `off_session`: a saved card charged without the cardholder. */
  function chargeOffSession(params: Record<string, string>, idempotencyKey: string | undefined): StripeObject {
    const known = idempotencyKey === undefined ? undefined : intentOfKey.get(idempotencyKey);
    if (known) return known;
    const methodId = params.payment_method;
    if (methodId === undefined) throw parameterMissing('payment_method');
    const method = paymentMethods.get(methodId);
    if (!method) throw resourceMissing('payment_method', methodId, 'payment_method');
    const behaviour = offSessionOf.get(methodId);
    if (behaviour !== 'succeeds') {
      const declined = behaviour === 'declines';
      throw new StripeApiError(402, {
        type: 'card_error',
        code: declined ? 'card_declined' : 'authentication_required',
        ...(declined && { decline_code: 'generic_decline' }),
        message: declined
          ? 'Your card was declined.'
          : 'Your card was declined. This transaction requires authentication.',
        payment_method: method,
      });
    }
    const card = method.card as { brand: string; last4: string };
    const intent = addPaymentIntent({
      amount: Number(params.amount),
      customer: params.customer ?? null,
      metadata: formObject(params, 'metadata'),
      card: { brand: card.brand, last4: card.last4 },
    });
    const charge = charges.get(intent.latest_charge as string)!;
    const answer = { ...intent, latest_charge: charge };
    if (idempotencyKey !== undefined) intentOfKey.set(idempotencyKey, answer);
    return answer;
  }

  function addPaymentIntent(intent: FakePaymentIntentOptions): StripeObject {
    const id = intent.id ?? stripeId('pi');
    const status = intent.status ?? 'succeeded';
    let chargeId: string | null = null;
    if (intent.withCharge !== false) {
      const card = intent.card === undefined ? { brand: 'visa', last4: '4242' } : intent.card;
      const charge: StripeObject = {
        id: stripeId('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_captured: intent.amount,
        captured: true,
        created: intent.chargeCreated ?? now(),
        currency: 'usd',
        customer: intent.customer ?? null,
        livemode: false,
        metadata: {},
        paid: status === 'succeeded',
        payment_intent: id,
        payment_method: stripeId('pm'),
        payment_method_details: card
          ? {
              type: 'card',
              card: {
                brand: card.brand,
                country: 'US',
                exp_month: 4,
                exp_year: 2030,
                funding: 'credit',
                last4: card.last4,
              },
            }
          : null,
        status: status === 'succeeded' ? 'succeeded' : 'pending',
      };
      charges.set(charge.id, charge);
      chargeId = charge.id;
    }
    const object: StripeObject = {
      id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: status === 'succeeded' ? intent.amount : 0,
      created: now(),
      currency: 'usd',
      customer: intent.customer ?? null,
      latest_charge: chargeId,
      livemode: false,
      metadata: intent.metadata ?? {},
      status,
    };
    paymentIntents.set(id, object);
    return object;
  }

  function payCheckoutSession(
    sessionId: string,
    pay: Pick<FakePaymentIntentOptions, 'card' | 'chargeCreated' | 'status'> = {},
  ): StripeObject {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`The fake Stripe has no Checkout Session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Checkout Session ${sessionId} is ${String(session.status)}`);
    const intent = addPaymentIntent({
      amount: session.amount_total as number,
      customer: session.customer as string | null,
      metadata: intentMetadataOfSession.get(sessionId),
      ...pay,
    });
    Object.assign(session, { payment_intent: intent.id, payment_status: 'paid', status: 'complete', url: null });
    return session;
  }

  function createCheckoutSession(body: Record<string, string>): StripeObject {
    if (body.mode === undefined) throw parameterMissing('mode');
    let amount = 0;
    let currency: string | null = null;
    for (let i = 0; body[`line_items[${i}][quantity]`] !== undefined; i++) {
      const unitAmount = Number(body[`line_items[${i}][price_data][unit_amount]`]);
      const quantity = Number(body[`line_items[${i}][quantity]`]);
      if (!Number.isInteger(unitAmount)) throw parameterMissing(`line_items[${i}][price_data][unit_amount]`);
      amount += unitAmount * quantity;
      currency = body[`line_items[${i}][price_data][currency]`] ?? currency;
    }
    const id = stripeId('cs_test');
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: body.cancel_url ?? null,
      created: now(),
      currency,
      customer: body.customer ?? null,
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: formObject(body, 'metadata'),
      mode: body.mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: body.success_url ?? null,
      url: `https://checkout.stripe.test/c/pay/${id}`,
    };
    checkoutSessions.set(id, session);
    intentMetadataOfSession.set(id, formObject(body, 'payment_intent_data[metadata]'));
    return session;
  }

  function createRefund(params: Record<string, string>, idempotencyKey: string | undefined): StripeObject {
    const known = idempotencyKey === undefined ? undefined : refundOfKey.get(idempotencyKey);
    if (known) return known;
    const intentId = params.payment_intent;
    if (intentId === undefined) throw parameterMissing('payment_intent');
    const intent = paymentIntents.get(intentId);
    if (!intent) throw resourceMissing('payment_intent', intentId, 'payment_intent');
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + Number(refund.amount), 0);
    const left = Number(intent.amount_received) - refunded;
    if (left <= 0) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${String(intent.latest_charge)} has already been refunded.`,
      });
    }
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount > left) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        param: 'amount',
      });
    }
    const refund: StripeObject = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      created: now(),
      currency: 'usd',
      metadata: formObject(params, 'metadata'),
      payment_intent: intentId,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    if (idempotencyKey !== undefined) refundOfKey.set(idempotencyKey, refund);
    return refund;
  }

  function route(
    method: string,
    path: string,
    params: Record<string, string>,
    headers: IncomingHttpHeaders,
  ): StripeObject {
    const [, version, resource, id, extra] = path.split('/');
    if (version === 'v1' && extra === undefined) {
      if (method === 'POST' && resource === 'customers' && id === undefined) {
        const customer: StripeObject = {
          id: stripeId('cus'),
          object: 'customer',
          created: now(),
          email: params.email ?? null,
          livemode: false,
          metadata: formObject(params, 'metadata'),
          name: params.name ?? null,
        };
        customers.set(customer.id, customer);
        return customer;
      }
      if (method === 'POST' && resource === 'setup_intents' && id === undefined) {
        const intentId = stripeId('seti');
        const allowed = Object.entries(params)
          .filter(([key]) => key.startsWith('allowed_payment_method_types['))
          .map(([, value]) => value);
        const intent: StripeObject = {
          id: intentId,
          object: 'setup_intent',
          client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          created: now(),
          customer: params.customer ?? null,
          livemode: false,
          metadata: formObject(params, 'metadata'),
          payment_method: null,
          allowed_payment_method_types: allowed.length > 0 ? allowed : null,
          payment_method_types: allowed.length > 0 ? allowed : ['card'],
          status: 'requires_payment_method',
          usage: params.usage ?? 'off_session',
        };
        setupIntents.set(intentId, intent);
        return intent;
      }
      if (method === 'GET' && resource === 'payment_methods' && id) {
        const found = paymentMethods.get(id);
        if (!found) throw resourceMissing('PaymentMethod', id, 'payment_method');
        return found;
      }
      if (method === 'GET' && resource === 'payment_intents' && id) {
        const found = paymentIntents.get(id);
        if (!found) throw resourceMissing('payment_intent', id, 'intent');
        const expand = Object.entries(params)
          .filter(([key]) => key === 'expand' || key.startsWith('expand['))
          .map(([, value]) => value);
        const charge = typeof found.latest_charge === 'string' ? charges.get(found.latest_charge) : undefined;
        return expand.includes('latest_charge') && charge ? { ...found, latest_charge: charge } : found;
      }
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(params);
    if (method === 'POST' && path === '/v1/payment_intents') {
      const key = headers['idempotency-key'];
      return chargeOffSession(params, typeof key === 'string' ? key : undefined);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const key = headers['idempotency-key'];
      return createRefund(params, typeof key === 'string' ? key : undefined);
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  function authorize(headers: IncomingHttpHeaders) {
    const key = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (!key) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'You did not provide an API key. Provide it in the Authorization header (Bearer auth).',
      });
    }
    if (options.secretKey !== undefined && key !== options.secretKey) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      });
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const method = request.method ?? 'GET';
    const path = url.pathname.split('/').map(decodeURIComponent).join('/');
    const query = Object.fromEntries(url.searchParams);
    const body = method === 'GET' ? {} : await readForm(request);
    requests.push({ method, path, query, body, headers: request.headers });
    let status = 200;
    let answer: unknown;
    try {
      authorize(request.headers);
      const failure = failures.find((f) => f.method === method && f.path === path && f.times > 0);
      if (failure) {
        failure.times -= 1;
        throw new StripeApiError(failure.status, failure.error);
      }
      answer = route(method, path, method === 'GET' ? query : body, request.headers);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      answer = { error: error.error };
    }
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': stripeId('req'),
      ...(request.headers['stripe-version'] ? { 'stripe-version': request.headers['stripe-version'] } : {}),
    });
    response.end(JSON.stringify(answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    apiOptions: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    customers,
    setupIntents,
    paymentMethods,
    checkoutSessions,
    paymentIntents,
    charges,
    refunds,
    fail: (request, answer, times = 1) => {
      failures.push({ ...request, ...answer, times });
    },
    lastRequest: (method, path) => requests.findLast((r) => r.method === method && r.path === path),
    addCard,
    addPaymentIntent,
    payCheckoutSession,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps its connections alive; without this, close would wait for them to time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** An event as Stripe delivers it to a webhook endpoint, about `object`. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  overrides: { id?: string; created?: number } = {},
): StripeObject {
  return {
    id: overrides.id ?? stripeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: overrides.created ?? now(),
    data: { object: { ...object } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * A webhook delivery of `event` signed with `secret` as Stripe signs it: the raw body to send
 * and the `Stripe-Signature` header. `timestamp` (Unix seconds, default now) makes old deliveries.
 */
export function signWebhook(
  event: Record<string, unknown>,
  secret: string,
  options: { timestamp?: number } = {},
): { body: Buffer; signature: string } {
  // Stripe sends its events pretty-printed; the signature covers exactly these bytes.
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
  return { body: Buffer.from(payload, 'utf8'), signature };
}
