/**
 * The card payment provider (docs/product/payments.md, Payment provider): Stripe in production,
 * the built-in sandbox by default. Both keep a customer per portal user, save cards through
 * setup intents and take payments for the portal's payment links; the portal keeps only what
 * they report of a card (brand, last four digits, expiry), never its number or CVC.
 */

/** A saved card as the provider reports it. */
export interface ProviderCard {
  /** The provider's id of the payment method (`pm_…`). */
  id: string;
  /** The provider customer it is attached to, if any. */
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A payment the provider took for one of the portal's payment links. */
export interface ProviderPayment {
  /** The portal's payment link it pays (carried through the provider as metadata). */
  linkId: number;
  /** The provider's id of the payment (Stripe's PaymentIntent id, or the sandbox's). */
  transactionId: string;
  /** As the provider reports it (`succeeded`). */
  status: string;
  amountCents: number;
  /** The card charged, when the provider says. */
  card: { brand: string; last4: string } | null;
  paidAt: Date;
}

/** What a payment link's checkout asks the provider for. */
export interface CheckoutRequest {
  linkId: number;
  customerId: string;
  /** The line the payer reads: the campaign and what the amount covers. */
  description: string;
  amountCents: number;
  /** Where the provider sends the payer back after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
}

/** A verified provider event. `payment` is set when the event reports a link paid. */
export interface ProviderEvent {
  id: string;
  type: string;
  payment: ProviderPayment | null;
}

/**
 * A charge of a saved card made without the cardholder, for a link that fell due with automatic
 * payment on (docs/product/payments.md, Automatic payment).
 */
export interface SavedCardCharge {
  linkId: number;
  customerId: string;
  /** The provider's id of the card (`pm_…`). */
  paymentMethodId: string;
  amountCents: number;
  /** The line the cardholder reads on their statement: the campaign and what it covers. */
  description: string;
  /** One per attempt: the same attempt asked again (after a crash) charges once. */
  idempotencyKey: string;
  at: Date;
}

/**
 * How a charge of a saved card ended: paid; held by the bank until the cardholder confirms it
 * (only on the payment page, with them); or declined, with the provider's reason.
 */
export type SavedCardChargeResult =
  | { outcome: 'paid'; payment: ProviderPayment }
  | { outcome: 'action_required' }
  | { outcome: 'declined'; message: string };

/** A refund asked of the provider: all or part of a payment it took. */
export interface RefundRequest {
  /** The provider's id of the payment (Stripe's PaymentIntent id, or the sandbox's). */
  transactionId: string;
  /** Whole cents; left out, what is left of the payment. */
  amountCents?: number;
  /**
   * The same key makes one refund however many times it is asked (a retry, a repeated event, the
   * job that settles a refund whose answer was lost): the portal's id of what it refunds.
   */
  idempotencyKey: string;
  /** Kept with the refund at the provider, for its own dashboard. */
  metadata?: Record<string, string>;
}

/** What both providers do. */
export interface PaymentProviderBase {
  /** A new provider customer for the portal user. */
  createCustomer(user: { id: number; email: string; name: string }): Promise<string>;
  /** A setup intent for saving a card to the customer; the page confirms it with its card form. */
  createSetupIntent(customerId: string): Promise<{ clientSecret: string }>;
  /** The payment method, or undefined when the provider does not know it. */
  retrieveCard(paymentMethodId: string): Promise<ProviderCard | undefined>;
  /** Charges a saved card of the customer without them (automatic payment); once per idempotency key. */
  chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardChargeResult>;
  /**
   * Gives money of a payment back: answers the provider's id of the refund once it is made (or on
   * its way, as a card refund is). Throws `RefundRefusedError` when the provider answers that it
   * will not make it; any other error leaves the outcome unknown, and asking again with the same
   * key finds out.
   */
  refundPayment(request: RefundRequest): Promise<{ id: string }>;
  close(): Promise<void>;
}

/** Stripe: payments are taken on Stripe Checkout and learnt from signed webhook events. */
export interface StripePaymentProvider extends PaymentProviderBase {
  readonly kind: 'stripe';
  /** A Checkout Session for the link; the payer is sent to its `url`. */
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /**
   * Checks the event's signature on the raw body and reads it. Throws
   * `WebhookSignatureError` when the signature is missing or wrong, and `WebhookEventError` when
   * a correctly signed body is not an event the portal can read.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>;
}

/** A card as the sandbox's form sends it. Checked, then dropped: only brand, last four and expiry stay. */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** Field → message, with the API's field names. */
export type CardErrors = Partial<Record<'card_number' | 'expiry' | 'cvc', string>>;

export type SandboxResult<T> = { ok: true; value: T } | { ok: false; errors: CardErrors };

/** The sandbox: its own card form and checkout page; it charges nothing. */
export interface SandboxPaymentProvider extends PaymentProviderBase {
  readonly kind: 'sandbox';
  /**
   * What Stripe's card form does with a setup intent: checks the card and attaches it to the
   * intent's customer. Undefined when the secret names no unused intent of this customer.
   */
  confirmSetup(
    clientSecret: string,
    customerId: string,
    card: CardInput,
    today: Date,
  ): Promise<SandboxResult<string> | undefined>;
  /**
   * Checks a saved card of the customer or a card typed in, as the checkout page does, and
   * declines the test number; nothing is taken yet.
   */
  authorize(
    customerId: string,
    source: { paymentMethodId: string } | { card: CardInput },
    today: Date,
  ): Promise<SandboxResult<SandboxAuthorization>>;
  /**
   * Takes the payment an authorization allows, as the checkout records it. The portal calls it
   * only under the link's locks, once it has seen the link open (decision 016); it touches
   * nothing outside the caller's transaction, so a transaction run again takes nothing twice.
   */
  capture(authorization: SandboxAuthorization): { transactionId: string; card: { brand: string; last4: string } };
}

/** A card the sandbox accepted for one payment. */
export interface SandboxAuthorization {
  card: { brand: string; last4: string };
}

export type PaymentProvider = StripePaymentProvider | SandboxPaymentProvider;

/** A webhook whose signature does not verify: answered 400, nothing recorded. */
export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature does not verify') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A correctly signed body that is not an event the portal can read: answered 400, nothing recorded. */
export class WebhookEventError extends Error {
  constructor(message = 'The webhook event is malformed') {
    super(message);
    this.name = 'WebhookEventError';
  }
}

/**
 * The provider answered that it will not make a refund (a payment disputed or refunded already,
 * an amount above what is left of it): nothing was refunded. `message` is the provider's own.
 */
export class RefundRefusedError extends Error {
  constructor(
    message: string,
    /** The payment was refunded in full already, at the provider (its dashboard, or an earlier call whose key it forgot). */
    readonly alreadyRefunded = false,
  ) {
    super(message);
    this.name = 'RefundRefusedError';
  }
}
