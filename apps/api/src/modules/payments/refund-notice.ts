import { formatCents } from '@portal/contract';

/**
 * What the customer is told of a refund, in the portal and by e-mail (docs/product/payments.md,
 * Refunds): the amount, the campaign paid for and the administrator's reason.
 */
export function refundNotice(amountCents: number, campaignName: string, reason: string) {
  const amount = formatCents(amountCents);
  return {
    amount,
    subject: `Refund of ${amount} for ${campaignName}`,
    message: `Refund of ${amount} for your campaign "${campaignName}". Reason: ${reason}`,
  };
}
