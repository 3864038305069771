import { Text, Timeline } from '@mantine/core';
import type { HistoryEntry } from '@portal/contract';
import { formatDate, formatDateTime } from '@/lib/format';

const SUBMISSIONS: Record<string, string> = {
  new: 'Submitted for review',
  resubmitted: 'Resubmitted for review',
  edited: 'Sent back to review after an edit',
  duplicated: 'Submitted for review as a copy',
  restored: 'Sent back to review after a restore',
};

const FIELD_NAMES: Record<string, string> = {
  campaign_name: 'name',
  destination_url: 'destination link',
  ad_title: 'primary text',
  ad_description: 'additional details',
  keywords: 'keywords',
};

/** An edited value as the History writes it: a list of keywords joined by commas. */
const editedValue = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));

/** What a History line says (docs/product/review.md, Review page), with its detail line if any. */
export function describeHistory(entry: HistoryEntry): { title: string; detail?: string } {
  const by = entry.actor ? ` by ${entry.actor.name}` : '';
  const after = entry.after ?? {};
  switch (entry.action) {
    case 'campaign.submitted':
      return { title: `${SUBMISSIONS[String(after.reason)] ?? 'Submitted for review'}${by}` };
    case 'campaign.approved':
      return { title: `Approved${by}` };
    case 'campaign.declined':
      return { title: `Declined${by}`, detail: after.reason ? `Reason: ${String(after.reason)}` : 'No reason given' };
    case 'campaign.edited':
    case 'campaign.edited_trusted': {
      const before = entry.before ?? {};
      const changes = Object.keys(after).map(
        (field) => `${FIELD_NAMES[field] ?? field}: "${editedValue(before[field])}" → "${editedValue(after[field])}"`,
      );
      // A trusted account's texts or keywords (docs/product/campaigns.md, Editing a campaign).
      const trusted = entry.action === 'campaign.edited_trusted' ? ', kept approved (trusted advertiser)' : '';
      return { title: `Edited${by}${trusted}`, detail: changes.join('; ') };
    }
    case 'campaign.archived':
      return { title: `Archived${by}` };
    case 'campaign.restored':
      // docs/product/campaigns.md, Archive, restore and delete: a restored campaign comes back switched off.
      return { title: `Restored${by}`, detail: 'Switched off' };
    case 'campaign.statistics':
      return { title: `Figures entered${by}`, detail: `As of ${formatDate(String(after.created_at))}` };
    case 'campaign.paid':
      return { title: `Paid${by}`, detail: after.amount ? String(after.amount) : undefined };
    case 'campaign.payment_refunded':
      // A payment that arrived after its link had closed (docs/product/payments.md).
      return {
        title: 'Payment refunded',
        detail: `${String(after.amount)}, paid after its payment link was ${String(after.link_status)}`,
      };
    case 'payment.refunded':
      // An administrator's refund (docs/product/payments.md, Refunds), with the reason the customer read.
      return { title: `Refunded${by}`, detail: `${String(after.amount)}: ${String(after.reason)}` };
    case 'payment.refund_failed':
      return {
        title: `Refund refused by the payment provider${by ? `, asked${by}` : ''}`,
        detail: `${String(after.amount)}: ${String(after.failure)}`,
      };
    case 'user.banned': {
      const count = Array.isArray(after.campaigns_switched_off) ? after.campaigns_switched_off.length : 0;
      return { title: `Banned${by}`, detail: `${count} ${count === 1 ? 'campaign' : 'campaigns'} switched off` };
    }
    case 'user.unbanned':
      return { title: `Unbanned${by}` };
    case 'advertiser.trusted':
      return { title: `Marked trusted${by}` };
    case 'advertiser.untrusted':
      return { title: `No longer trusted${by}` };
    default:
      return { title: `${entry.action}${by}` };
  }
}

/**
 * A History: what happened, oldest first, each with its time. `withCampaigns` names the
 * campaign of each line about one, for a History that spans several (a user's, in the ban
 * dialog); a campaign's own History leaves it out.
 */
export function HistoryList({
  entries,
  emptyText,
  withCampaigns = false,
}: {
  entries: HistoryEntry[];
  emptyText: string;
  withCampaigns?: boolean;
}) {
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} active={entries.length - 1}>
      {entries.map((entry) => {
        const { title, detail } = describeHistory(entry);
        return (
          <Timeline.Item key={entry.id} title={title}>
            {withCampaigns && entry.campaign && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Campaign: {entry.campaign.campaign_name}
              </Text>
            )}
            {detail && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {detail}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
