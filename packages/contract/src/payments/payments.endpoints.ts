import { z } from 'zod';
import { textField } from '../common/common.schemas';
import { defineEndpoints, idParams } from '../common/endpoint';
import { listQuerySchema } from '../common/list.schemas';
import {
  addPaymentMethodRequestSchema,
  addPaymentMethodResponseSchema,
  balanceResponseSchema,
  cardListResponseSchema,
  checkoutResponseSchema,
  checkoutSessionResponseSchema,
  PAYMENT_MESSAGES,
  paymentActivityListResponseSchema,
  receiptResponseSchema,
  sandboxConfirmSetupRequestSchema,
  sandboxConfirmSetupResponseSchema,
  sandboxPayRequestSchema,
  sandboxPayResponseSchema,
  setupIntentResponseSchema,
  webhookResponseSchema,
} from './payments.schemas';

/** A payment link's token, as its address carries it. */
const tokenParams = z.object({
  token: textField('The payment link', PAYMENT_MESSAGES.linkNotFound, z.string().max(64)).meta({
    description: "The payment link's token, from its address",
  }),
});

/** Cards, payment links, payments and receipts (docs/product/payments.md). */
export const paymentEndpoints = defineEndpoints({
  getBalance: {
    method: 'GET',
    path: '/customer/balance',
    access: 'customer',
    tag: 'payments',
    summary: 'Total Amount Due and the campaigns due',
    description:
      "The sum of the open payment links of the caller's approved campaigns that are not archived, and each of those campaigns with its amount and link.",
    response: balanceResponseSchema,
    errors: [401, 403],
  },
  createSetupIntent: {
    method: 'POST',
    path: '/stripe/create-setup-intent',
    access: 'customer',
    tag: 'payments',
    summary: 'Start saving a card',
    description: "The card form confirms the setup intent's `client_secret` with the payment provider.",
    response: setupIntentResponseSchema,
    errors: [401, 403, 503],
  },
  confirmSandboxSetup: {
    method: 'POST',
    path: '/sandbox/confirm-setup',
    access: 'customer',
    tag: 'payments',
    summary: "The sandbox's card form: check a card and confirm a setup intent with it",
    description:
      'Only with the sandbox provider (409 with Stripe). Checks the number (Luhn), the expiry and the CVC, and keeps only the brand, the last four digits and the expiry.',
    body: sandboxConfirmSetupRequestSchema,
    response: sandboxConfirmSetupResponseSchema,
    errors: [401, 403, 409, 422],
  },
  addPaymentMethod: {
    method: 'POST',
    path: '/stripe/add-payment-method',
    access: 'customer',
    tag: 'payments',
    summary: 'Save a confirmed card',
    description:
      "The provider's payment method must belong to the caller; the portal keeps its brand, last four digits and expiry.",
    body: addPaymentMethodRequestSchema,
    response: addPaymentMethodResponseSchema,
    errors: [401, 403, 422, 503],
  },
  listPaymentMethods: {
    method: 'GET',
    path: '/stripe/get-payment-methods',
    access: 'customer',
    tag: 'payments',
    summary: "The caller's saved cards",
    response: cardListResponseSchema,
    errors: [401, 403],
  },
  getCheckout: {
    method: 'GET',
    path: '/checkout/:token',
    access: 'customer',
    tag: 'payments',
    summary: 'A payment link: its campaign, amount and state',
    description: "A link of another customer's campaign answers 404.",
    params: tokenParams,
    response: checkoutResponseSchema,
    errors: [401, 403, 404],
  },
  payWithSandbox: {
    method: 'POST',
    path: '/checkout/:token/pay',
    access: 'customer',
    tag: 'payments',
    summary: 'Pay a payment link in the sandbox',
    description:
      'With a saved card (`payment_method_id`) or a new one (`card_number`, `expiry`, `cvc`). The test number 4000 0000 0000 0002 is declined (422). A link already paid or cancelled answers 409; with Stripe, 409 too (pay through `/checkout/{token}/session`).',
    params: tokenParams,
    body: sandboxPayRequestSchema,
    response: sandboxPayResponseSchema,
    errors: [401, 403, 404, 409, 422],
  },
  startCheckoutSession: {
    method: 'POST',
    path: '/checkout/:token/session',
    access: 'customer',
    tag: 'payments',
    summary: 'Pay a payment link with Stripe: a Checkout Session to send the payer to',
    description: 'Only with Stripe (409 in the sandbox). The payment is recorded when Stripe reports it.',
    params: tokenParams,
    response: checkoutSessionResponseSchema,
    errors: [401, 403, 404, 409, 503],
  },
  listPaymentActivities: {
    method: 'GET',
    path: '/my-payment-activities',
    access: 'customer',
    tag: 'payments',
    summary: "The caller's payments, newest first",
    query: listQuerySchema,
    response: paymentActivityListResponseSchema,
    errors: [401, 403, 422],
  },
  getReceipt: {
    method: 'GET',
    path: '/receipts/:id',
    access: 'user',
    tag: 'payments',
    summary: "A payment's receipt",
    description: "For the payment's customer and administrators; anyone else gets 404.",
    params: idParams('The payment id, a whole number'),
    response: receiptResponseSchema,
    errors: [401, 404],
  },
  stripeWebhook: {
    method: 'POST',
    path: '/stripe/webhook',
    access: 'public',
    tag: 'payments',
    summary: "Stripe's events",
    description:
      'Signed by Stripe (`Stripe-Signature`, checked on the raw body: 400 when it does not verify, or when a signed body is not a readable event). An event already handled answers 200 and changes nothing. Absent in the sandbox (404).',
    response: webhookResponseSchema,
    errors: [400, 404],
  },
});
