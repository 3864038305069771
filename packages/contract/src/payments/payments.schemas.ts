import { z } from 'zod';
import { formBoolean, idSchema, textField } from '../common/common.schemas';
import { paginatedResponseSchema } from '../common/list.schemas';
import { dueBreakdownFields } from '../common/money';
import { CARD_MESSAGES } from './card';

/** Cards, payment links, payments and receipts (docs/product/payments.md). */

export const PAYMENT_MESSAGES = {
  setupIntentFailed: 'Failed to create Setup Intent',
  cardSaved: 'Payment method setup successfully',
  paymentMethodRequired: 'Payment method id is required',
  paymentMethodUnknown: 'This payment method was not found',
  setupSecretRequired: 'The setup intent is required',
  setupSecretUnknown: 'This card setup has expired. Please start again',
  linkNotFound: 'Payment link not found',
  linkClosed: 'This payment link is no longer open',
  paid: 'Payment received. Thank you!',
  cardOrSavedCard: 'Choose a saved card or enter a new one',
  wrongProvider: 'This payment is made on another payment page',
  receiptNotFound: 'Receipt not found',
  webhookSignature: 'The webhook signature does not verify',
  webhookMalformed: 'The webhook event is malformed',
  defaultCardSet: 'Default card saved',
  autoPayOn: 'Automatic payment is on',
  autoPayOff: 'Automatic payment is off',
  autoPayEnabledRequired: 'Say whether automatic payment is on: true or false',
  autoPayNeedsCard: 'Choose a default card before turning on automatic payment',
  autoPayUnderWay: 'An automatic payment of this campaign is under way. Try again in a minute.',
} as const;

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const requiredText = (label: string, message: string) =>
  textField(label, message, z.string().trim().min(1, { error: message }).max(255));

const dollars = z.number().meta({ description: 'US dollars, at most two decimals' });

/** A saved card (Payment methods on /balance). */
export const cardSchema = z
  .object({
    id: z.number().int(),
    brand: z.string(),
    last4: z.string(),
    /** active, or expired once past the expiry month. */
    status: z.enum(['active', 'expired']),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    /** The account's default card, which automatic payment charges (docs: payments, Automatic payment). */
    is_default: z.boolean(),
  })
  .meta({ id: 'Card' });
export type Card = z.infer<typeof cardSchema>;

export const cardListResponseSchema = z.object({ data: z.array(cardSchema) }).meta({ id: 'CardListResponse' });

export const setupIntentResponseSchema = z.object({ client_secret: z.string() }).meta({ id: 'SetupIntentResponse' });

export const addPaymentMethodRequestSchema = z
  .object({ payment_method_id: requiredText('Payment method id', PAYMENT_MESSAGES.paymentMethodRequired) })
  .meta({ id: 'AddPaymentMethodRequest' });

export const addPaymentMethodResponseSchema = z
  .object({ message: z.string(), data: cardSchema })
  .meta({ id: 'AddPaymentMethodResponse' });

/**
 * A field of the sandbox's card form: text (a number sent as JSON is read as its digits), checked
 * as the form checks it (payments/card.ts); far too long is refused with the same message.
 */
const cardField = (tooLong: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.string({ error: tooLong }).max(max, { error: tooLong }).optional(),
  );

const cardFields = {
  card_number: cardField(CARD_MESSAGES.numberInvalid, 40),
  expiry: cardField(CARD_MESSAGES.expiryIncomplete, 10),
  cvc: cardField(CARD_MESSAGES.cvcIncomplete, 10),
};

/** The sandbox's stand-in for Stripe's card confirmation: the card form confirms the setup intent. */
export const sandboxConfirmSetupRequestSchema = z
  .object({ client_secret: requiredText('Client secret', PAYMENT_MESSAGES.setupSecretRequired), ...cardFields })
  .meta({ id: 'SandboxConfirmSetupRequest' });

export const sandboxConfirmSetupResponseSchema = z
  .object({ payment_method_id: z.string() })
  .meta({ id: 'SandboxConfirmSetupResponse' });

/** A campaign the customer owes for (Total Amount Due). */
export const campaignDueSchema = z
  .object({
    id: z.number().int(),
    campaign_name: z.string(),
    amount: dollars,
    ...dueBreakdownFields,
    payment_link_url: z
      .string()
      .meta({ description: "The link's checkout page: a path on the portal's own origin, `/checkout/{token}`." }),
  })
  .meta({ id: 'CampaignDue' });

export const balanceResponseSchema = z
  .object({
    data: z.object({
      total_amount_due: dollars,
      campaigns_due: z.array(campaignDueSchema),
      credit: dollars.meta({
        description: "The account's credit, taken off its next payment links (docs: payments, Credit); 0 when none.",
      }),
      auto_pay: z.boolean().meta({
        description: 'Whether amounts falling due are charged to the default card (docs: payments, Automatic payment).',
      }),
    }),
  })
  .meta({ id: 'BalanceResponse' });

/** Turns automatic payment on or off; on needs a default card. */
export const autoPayRequestSchema = z
  .object({ enabled: formBoolean(PAYMENT_MESSAGES.autoPayEnabledRequired) })
  .meta({ id: 'AutoPayRequest' });

/** The account's automatic payment after a change. */
export const autoPayResponseSchema = z
  .object({
    message: z.string(),
    data: z.object({ auto_pay: z.boolean(), default_payment_method_id: z.number().int().nullable() }),
  })
  .meta({ id: 'AutoPayResponse' });

export const defaultCardResponseSchema = z
  .object({ message: z.string(), data: cardSchema })
  .meta({ id: 'DefaultCardResponse' });

/**
 * Automatic payment's words (docs/product/payments.md, Automatic payment): the switch on /balance
 * with its one sentence, and what the portal tells the account when a charge does not go through.
 */
export const AUTO_PAY_TEXTS = {
  label: 'Pay automatically',
  explanation:
    'Each payment is charged to your default card when it falls due, instead of waiting for you to open its payment link.',
  needsCard: 'Add a card and make it the default to pay automatically.',
  defaultBadge: 'Default',
  makeDefault: 'Make default',
} as const;

/** Why an automatic payment did not go through, as notifications and e-mails say it. */
export type AutoPayFailure =
  { reason: 'declined'; retryOn: string | null } | { reason: 'action_required'; retryOn: null };

/**
 * The notice of an automatic payment that did not go through: declined and tried again on a given
 * day, declined for the last time (the campaign is paused until it is paid by hand), or held by
 * the bank for the cardholder to confirm on the payment page.
 */
export function autoPayFailedMessage(campaignName: string, amount: string, failure: AutoPayFailure): string {
  if (failure.reason === 'action_required') {
    return `Your bank asks you to confirm the payment of ${amount} for "${campaignName}": open its payment link to pay`;
  }
  if (failure.retryOn) {
    return `The automatic payment of ${amount} for "${campaignName}" was declined: we will try your default card again on ${failure.retryOn}, or pay now with another card`;
  }
  return `The automatic payment of ${amount} for "${campaignName}" was declined again, and the campaign is paused: pay its link by hand to start it again`;
}

/** A payment link's checkout page. */
export const checkoutSchema = z
  .object({
    campaign_id: z.number().int(),
    campaign_name: z.string(),
    amount: dollars,
    ...dueBreakdownFields,
    status: z.enum(['open', 'paid', 'cancelled']),
    provider: z.enum(PAYMENT_PROVIDERS),
  })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof checkoutSchema>;

export const checkoutResponseSchema = z.object({ data: checkoutSchema }).meta({ id: 'CheckoutResponse' });

/** Pays a link in the sandbox: with a saved card (`payment_method_id`, the card's id) or a new one. */
export const sandboxPayRequestSchema = z
  .object({
    payment_method_id: idSchema(PAYMENT_MESSAGES.paymentMethodUnknown).optional(),
    ...cardFields,
  })
  .meta({ id: 'SandboxPayRequest' });

/**
 * What a payment's status means to a customer (docs/product/payments.md, Payment activity). The
 * portal records a payment once it succeeded, so "Paid" is what lists show until it is refunded
 * (`refunded` in full, `partially_refunded` in part: the server answers those from the refunds
 * made); Stripe's other payment intent states, and what a dispute leaves, read as the rest.
 */
const PAYMENT_STATUS_LABELS = new Map<string, string>([
  ['succeeded', 'Paid'],
  ['paid', 'Paid'],
  ['pending', 'Pending'],
  ['processing', 'Pending'],
  ['requires_action', 'Pending'],
  ['requires_capture', 'Pending'],
  ['requires_confirmation', 'Pending'],
  ['requires_payment_method', 'Declined'],
  ['failed', 'Declined'],
  ['declined', 'Declined'],
  ['refunded', 'Refunded'],
  ['partially_refunded', 'Partly refunded'],
  ['canceled', 'Cancelled'],
  ['cancelled', 'Cancelled'],
]);

/** "succeeded" → "Paid"; a state the portal does not know reads as its words ("on_hold" → "On hold"). */
export function paymentStatusLabel(status: string): string {
  const known = PAYMENT_STATUS_LABELS.get(status);
  if (known) return known;
  const words = status.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A payment (Payment activity on /balance). */
export const paymentActivitySchema = z
  .object({
    id: z.number().int(),
    transaction_id: z.string(),
    created_at: z.string(),
    status: z.string(),
    amount: dollars,
    refunded: dollars.meta({
      description: 'What was refunded of it so far (docs: payments, Refunds), in dollars; 0 when nothing was',
    }),
    /** The card used: "Visa •••• 4242", or null when the provider did not say. */
    payment_method: z.string().nullable(),
    campaign_id: z.number().int(),
    campaign_name: z.string(),
    receipt_url: z
      .string()
      .meta({ description: "The payment's receipt page: a path on the portal's own origin, `/receipts/{id}`." }),
  })
  .meta({ id: 'PaymentActivity' });
export type PaymentActivity = z.infer<typeof paymentActivitySchema>;

export const sandboxPayResponseSchema = z
  .object({ message: z.string(), data: paymentActivitySchema })
  .meta({ id: 'SandboxPayResponse' });

export const checkoutSessionResponseSchema = z.object({ url: z.string() }).meta({ id: 'CheckoutSessionResponse' });

export const paymentActivityListResponseSchema = paginatedResponseSchema(paymentActivitySchema).meta({
  id: 'PaymentActivityListResponse',
});

/** A refund of a payment, as its receipt lists it: when it was made, how much and why. */
export const refundSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    amount: dollars,
    reason: z.string(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

/**
 * A receipt: the payment with its number, the seller, the buyer's billing details as they were
 * when it was made, and the refunds made of it.
 */
export const receiptSchema = paymentActivitySchema
  .extend({
    /** "R-000123": made from the payment's id, so it is unique and never changes. */
    receipt_number: z.string(),
    /** Who issued it, from the server's settings; address and tax id are null when not set. */
    seller: z.object({ name: z.string(), address: z.string().nullable(), tax_id: z.string().nullable() }),
    billing: z.object({
      account_type: z.string(),
      name: z.string(),
      email: z.string(),
      company_name: z.string().nullable(),
      address: z.string().nullable(),
      country: z.string().nullable(),
      currency: z.string().nullable(),
      /** As saved in the billing details; null when none was, or for a payment made before it was kept. */
      tax_id: z.string().nullable(),
    }),
    /** The end of the 7 days a daily budget's payment covers; null for a lifetime budget. */
    covers_until: z.string().nullable(),
    /** The refunds made, oldest first; empty when there are none. */
    refunds: z.array(refundSchema),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptResponseSchema = z.object({ data: receiptSchema }).meta({ id: 'ReceiptResponse' });

export const webhookResponseSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookResponse' });

/** "visa" → "Visa", for the card columns. */
export const brandLabel = (brand: string): string =>
  ({ amex: 'American Express', mastercard: 'Mastercard', unionpay: 'UnionPay', jcb: 'JCB' })[brand] ??
  brand.charAt(0).toUpperCase() + brand.slice(1);

/** "Visa •••• 4242": a card as pages, receipts and e-mails name it. */
export const cardLabel = (brand: string, last4: string): string => `${brandLabel(brand)} •••• ${last4}`;
