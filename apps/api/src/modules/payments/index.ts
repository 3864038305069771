/**
 * The payments module: cards, payment links and payments (decision 016).
 *
 * What it offers the other modules, and to whom:
 * - `PaymentRepository`: to campaigns, whose archive cancels the open links (after locking the
 *   campaigns: decision 016's order); to insights, for revenue (net of refunds) and amounts due;
 *   to the subscribers of mail and notifications, which ask whether a payment's link is still
 *   open and read a refunded payment's campaign and card; and to alerts, which measures a daily
 *   campaign's spend against what was paid for it.
 * - `amountDueOf`: to campaigns, whose answers show what the open link asks.
 * - `paymentFactsNow`: to subscribers handling a `campaign.paid` event recorded before it
 *   carried the payment's facts.
 * - `refundNotice`: to the subscribers of mail and notifications, which tell of a refund in the
 *   same words.
 */
export { paymentFactsNow } from './payment-answers';
export { amountDueOf } from './payment-links';
export { PaymentRepository } from './payment.repository';
export { refundNotice } from './refund-notice';
