/**
 * What happens next to an approved campaign, which the customer is told with the approval
 * (docs/product/review.md, Approve). Approval alone delivers nothing: a campaign runs once it is
 * paid and switched on, so "your ad is published" promised what had not happened yet.
 */
export type ApprovalOutlook = 'payment_due' | 'payment_and_switch_due' | 'switch_due' | 'running';

const OUTLOOKS: readonly ApprovalOutlook[] = ['payment_due', 'payment_and_switch_due', 'switch_due', 'running'];

/**
 * An outlook kept as text (an e-mail's parameters in the mail queue); a message queued before
 * the outlook was one of its parameters was about a campaign that had just been approved and
 * was not paid yet.
 */
export const parseApprovalOutlook = (value: string | undefined): ApprovalOutlook =>
  OUTLOOKS.find((outlook) => outlook === value) ?? 'payment_due';

const NEXT: Record<ApprovalOutlook, string> = {
  payment_due: 'was approved; it starts running once paid',
  payment_and_switch_due: 'was approved; it starts running once paid and switched on',
  switch_due: 'was approved and is paid; it starts running when you switch it on',
  running: 'was approved and is running',
};

/** The approval notice: the notification's text, and the e-mail's subject and first line. */
export function approvalNotice(campaignName: string, outlook: ApprovalOutlook) {
  return {
    subject: 'Your campaign was approved',
    message: `Your campaign "${campaignName}" ${NEXT[outlook]}`,
  };
}
