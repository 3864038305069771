import { Button, Stack, Text, Timeline } from '@mantine/core';
import { ADVERTISER_ROLE_LABELS, type AdvertiserAuditEntry, type AdvertiserRole } from '@portal/contract';
import { Panel } from '@/components/panel';
import { formatDateTime } from '@/lib/format';
import { useAdvertiserTrail } from '../api/teams';

const roleName = (value: unknown) =>
  typeof value === 'string' && value in ADVERTISER_ROLE_LABELS
    ? ADVERTISER_ROLE_LABELS[value as AdvertiserRole].toLowerCase()
    : 'member';

/** What a line of the account's trail says (docs/product/teams.md, The audit trail). */
function describeTrail(entry: AdvertiserAuditEntry): string {
  const who = entry.actor ?? 'The portal';
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const campaign = entry.campaign_name ? `"${entry.campaign_name}"` : 'a campaign';
  switch (entry.action) {
    case 'team.invited':
      return `${who} invited ${String(after.email)} as ${roleName(after.role)}`;
    case 'team.invitation_withdrawn':
      return `${who} withdrew the invitation to ${String(before.email)}`;
    case 'team.joined':
      return `${who} joined as ${roleName(after.role)}`;
    case 'team.role_changed':
      return `${who} changed a member's role from ${roleName(before.role)} to ${roleName(after.role)}`;
    case 'team.member_removed':
      return `${who} removed a member (${roleName(before.role)})`;
    case 'team.left':
      return `${who} left the account`;
    case 'team.renamed':
      return `${who} renamed the account to "${String(after.name)}"`;
    case 'advertiser.suspended':
      return `${who} suspended the account`;
    case 'advertiser.reinstated':
      return `${who} reinstated the account`;
    case 'campaign.submitted':
      return `${who} sent ${campaign} for review`;
    case 'campaign.approved':
      return `${who} approved ${campaign}`;
    case 'campaign.declined':
      return `${who} declined ${campaign}`;
    case 'campaign.edited':
      return `${who} edited ${campaign}`;
    case 'campaign.archived':
      return `${who} archived ${campaign}`;
    case 'campaign.restored':
      return `${who} restored ${campaign}`;
    case 'campaign.paid':
      return `${who === 'The portal' ? 'A payment' : `${who} paid`} ${after.amount ? String(after.amount) : ''} for ${campaign}`.replace(
        /\s+/g,
        ' ',
      );
    case 'campaign.statistics':
      return `${who} entered figures for ${campaign}`;
    case 'payment.refunded':
      return `${who} refunded ${String(after.amount)} of the payment for ${campaign}`;
    case 'payment.refund_failed':
      return `A refund of ${String(after.amount)} for ${campaign} was refused by the payment provider`;
    default:
      return `${who}: ${entry.action}`;
  }
}

/** Who did what in the account, newest first, 50 lines at a time. */
export function TrailPanel() {
  const trail = useAdvertiserTrail();
  const lines = trail.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Panel title="Activity">
      {trail.isPending ? (
        <Text c="dimmed">Loading the activity…</Text>
      ) : trail.isError ? (
        <Text c="dimmed">The activity could not be loaded.</Text>
      ) : lines.length === 0 ? (
        <Text c="dimmed">Nothing has happened in this account yet.</Text>
      ) : (
        <Stack gap="md">
          <Timeline bulletSize={12} lineWidth={2} aria-label="Activity">
            {lines.map((line) => (
              <Timeline.Item key={line.id} title={describeTrail(line)}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(line.created_at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {trail.hasNextPage && (
            <Button variant="default" loading={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
              Show earlier activity
            </Button>
          )}
        </Stack>
      )}
    </Panel>
  );
}
