import {
  type AdminPayment,
  cardLabel,
  centsToDollars,
  type PaymentActivity,
  receiptPath,
  type Refund,
} from '@portal/contract';
import type { PaymentRefundRow, PaymentRow } from '../../db/schema';
import type { PaymentFacts } from '../events';
import type { PaymentRepository } from './payment.repository';
import type { AdminPaymentRow } from './payment-lists';
import { receiptNumber } from './payment-links';

/**
 * A payment's status as answers give it (docs/product/payments.md, Payment activity): `refunded`
 * once refunds gave all of it back, `partially_refunded` while they gave part, else the provider's.
 */
function statusOf(row: PaymentRow): string {
  if (row.refundedCents === 0) return row.status;
  return row.refundedCents >= row.amountCents ? 'refunded' : 'partially_refunded';
}

/** A payment as the payment activity, the checkout's answer and the receipt show it. */
export function toPaymentActivity(row: PaymentRow): PaymentActivity {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    created_at: row.paidAt.toISOString(),
    status: statusOf(row),
    amount: centsToDollars(row.amountCents),
    refunded: centsToDollars(row.refundedCents),
    payment_method: row.cardBrand && row.cardLast4 ? cardLabel(row.cardBrand, row.cardLast4) : null,
    campaign_id: row.campaignId,
    campaign_name: row.campaignName,
    receipt_url: receiptPath(row.id),
  };
}

/** A payment on the administrators' page: what is left to refund counts the refunds still pending too. */
export function toAdminPayment(row: AdminPaymentRow): AdminPayment {
  return {
    ...toPaymentActivity(row),
    refundable: centsToDollars(row.amountCents - row.refundedCents - row.refundPendingCents),
    advertiser_id: row.advertiserId,
    advertiser_name: row.advertiserName,
    customer_name: row.billing.name,
    customer_email: row.billing.email,
  };
}

/** A refund as a receipt lists it. */
export const toRefund = (row: PaymentRefundRow): Refund => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  amount: centsToDollars(row.amountCents),
  reason: row.reason,
});

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
