import { cardLabel, centsToDollars, type PaymentActivity, receiptPath } from '@portal/contract';
import type { PaymentRow } from '../../db/schema';
import type { PaymentFacts } from '../events';
import type { PaymentRepository } from './payment.repository';
import { receiptNumber } from './payment-links';

/** A payment as the payment activity, the checkout's answer and the receipt show it. */
export function toPaymentActivity(row: PaymentRow): PaymentActivity {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    created_at: row.paidAt.toISOString(),
    status: row.status,
    amount: centsToDollars(row.amountCents),
    payment_method: row.cardBrand && row.cardLast4 ? cardLabel(row.cardBrand, row.cardLast4) : null,
    campaign_id: row.campaignId,
    campaign_name: row.campaignName,
    receipt_url: receiptPath(row.id),
  };
}

/** The payment as its `campaign.paid` event's texts tell it (`PaymentFacts`, in domain-events.ts). */
export function paymentFactsOf(row: PaymentRow): PaymentFacts {
  return {
    campaignName: row.campaignName,
    amountCents: row.amountCents,
    paidAt: row.paidAt.toISOString(),
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    transactionId: row.transactionId,
    receiptNumber: receiptNumber(row.id),
    billing: row.billing,
  };
}

/** A payment's facts read from its row: what the subscribers of a `campaign.paid` event recorded without them read. */
export async function paymentFactsNow(
  payments: Pick<PaymentRepository, 'payment'>,
  id: number,
): Promise<PaymentFacts | undefined> {
  const row = await payments.payment(id);
  return row && paymentFactsOf(row);
}
