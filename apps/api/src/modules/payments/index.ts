/**
 * The payments module: cards, payment links and payments (decision 016).
 *
 * What it offers the other modules, and to whom:
 * - `PaymentRepository`: to campaigns, whose archive cancels the open links (after locking the
 *   campaigns: decision 016's order); to insights, for revenue (net of refunds) and amounts due;
 *   to the subscribers of mail and notifications, which ask whether a payment's link is still
 *   open and read a refunded payment's campaign and card; to alerts, which measures a daily
 *   campaign's spend against what was paid for it; and to invoices, which issues each payment's
 *   invoice from its row and lists payments on statements.
 * - `amountDueOf`: to campaigns, whose answers show what the open link asks.
 * - `receiptNumber`: to invoices, whose documents name the receipt of the payment they answer.
 * - `paymentFactsNow`: to subscribers handling a `campaign.paid` event recorded before it
 *   carried the payment's facts.
 * - `autoPayFailedText`: to the notification and mail subscribers of `payment.auto_failed`.
 * - `refundNotice`: to the subscribers of mail and notifications, which tell of a refund in the
 *   same words.
 */
export { autoPayFailedText } from './auto-pay.service';
export { paymentFactsNow } from './payment-answers';
export { amountDueOf, receiptNumber } from './payment-links';
export { PaymentRepository } from './payment.repository';
export { refundNotice } from './refund-notice';
