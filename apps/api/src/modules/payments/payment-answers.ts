import { cardLabel, receiptPath, type PaymentActivity } from '@portal/contract';
import type { PaymentRow } from '../../db/schema';

export const dollars = (cents: number) => cents / 100;

/** A payment as Payment activity lists it, and as its receipt starts (docs/product/payments.md). */
export function toPaymentActivity(row: PaymentRow): PaymentActivity {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    created_at: row.paidAt.toISOString(),
    status: row.status,
    amount: dollars(row.amountCents),
    payment_method: row.cardBrand && row.cardLast4 ? cardLabel(row.cardBrand, row.cardLast4) : null,
    campaign_id: row.campaignId,
    campaign_name: row.campaignName,
    receipt_url: receiptPath(row.id),
  };
}
