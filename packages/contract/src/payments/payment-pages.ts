import { pagePath } from '../common/page-paths';

/**
 * The pages answers link to (docs/product/payments.md): the API builds `payment_link_url` and
 * `receipt_url` from them, and the web's router serves them.
 */
export const PAYMENT_PAGES = {
  /** A payment link's checkout page, named by the link's token. */
  checkout: pagePath('/checkout/:token', 'token'),
  /** A payment's printable receipt. */
  receipt: pagePath('/receipts/:id', 'id'),
} as const;

/** `/checkout/<token>`: a payment link's address in the portal. */
export const checkoutPath = (token: string) => PAYMENT_PAGES.checkout.to(token);

/** `/receipts/<id>`: a payment's receipt in the portal. */
export const receiptPath = (paymentId: number) => PAYMENT_PAGES.receipt.to(paymentId);
