/**
 * The payments module: cards, payment links and payments (decision 016). Others read links and
 * payments through the repository, and an amount due or a receipt number through these.
 */
export { amountDueOf, receiptNumber } from './payment-links';
export { PaymentRepository } from './payment.repository';
