import { Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DELIVERY_LABELS, SPENT_LABELS, type Campaign } from '@portal/contract';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { Fact } from '@/components/fact';
import { EmptyMessage, Panel } from '@/components/panel';
import statusColors from '@/components/status-colors.module.css';
import { paths } from '@/config/paths';
import { figuresAsOf, formatCount, formatUsd } from '@/lib/format';
import { useLatestCampaigns } from '../api/dashboard';
import { useDashboardErrorToast } from '../hooks/dashboard-error-toast';

/** The panel lists at most this many (docs/product/insights.md, Dashboards). */
const LATEST_COUNT = 5;
const ITEM_HEIGHT = 92;

/**
 * A campaign's state in a word: "Pending" or "Declined" while under review, then "Active" or
 * "Paused" as the Active list says it (docs/product/campaigns.md, Campaign state).
 */
function campaignStatusLabel(campaign: Campaign): { label: string; className?: string } {
  switch (campaign.approval_status) {
    case 'pending':
      return { label: 'Pending' };
    case 'declined':
      return { label: 'Declined', className: statusColors.bad };
    case 'draft':
      return { label: 'Draft' };
    default:
      return campaign.delivery_status === 'active'
        ? { label: DELIVERY_LABELS.active, className: statusColors.ok }
        : { label: DELIVERY_LABELS[campaign.delivery_status] };
  }
}

const NONE = '—';

function LatestCampaign({ campaign }: { campaign: Campaign }) {
  const status = campaignStatusLabel(campaign);
  const current = campaign.statistics[0];
  return (
    <Stack gap={6} component="li" mih={ITEM_HEIGHT}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {campaign.campaign_name}
        </Text>
        <Text size="sm" fw={500} className={status.className} style={{ whiteSpace: 'nowrap' }}>
          {status.label}
        </Text>
      </Group>
      <Group gap="lg" align="flex-start">
        <Fact label={SPENT_LABELS.amountSpent}>{current ? formatUsd(current.amount_spent) : NONE}</Fact>
        <Fact label="Reach">{current ? formatCount(current.total_reach) : NONE}</Fact>
        <Fact label="Impressions">{current ? formatCount(current.total_impressions) : NONE}</Fact>
      </Group>
      {current && (
        <Text size="xs" c="dimmed">
          {figuresAsOf(current.created_at)}
        </Text>
      )}
    </Stack>
  );
}

/** The customer dashboard's Latest Campaigns: the 5 newest, with their current figures. */
export function LatestCampaignsPanel() {
  const latest = useLatestCampaigns();
  useDashboardErrorToast(latest.error);
  // Drawn in the background when it arrives, in slices that leave the main thread free (docs/decisions/020-dashboard-rendering.md).
  const data = useDeferredValue(latest.data);
  const campaigns = latest.isError ? [] : (data ?? []).slice(0, LATEST_COUNT);

  return (
    <Panel
      title="Latest Campaigns"
      actions={
        <>
          <Button component={Link} to={paths.newCampaign} size="xs">
            New
          </Button>
          <Button component={Link} to={paths.campaigns} variant="default" size="xs">
            View all campaigns
          </Button>
        </>
      }
    >
      {data === undefined && !latest.isError ? (
        <Stack gap="md" aria-busy="true">
          <VisuallyHidden>Loading campaigns</VisuallyHidden>
          {Array.from({ length: LATEST_COUNT }, (_, index) => (
            <Skeleton key={index} h={ITEM_HEIGHT} />
          ))}
        </Stack>
      ) : campaigns.length === 0 ? (
        <EmptyMessage icon={<IconSpeakerphone aria-hidden />} title="No campaigns yet" />
      ) : (
        <Stack
          gap="md"
          component="ul"
          aria-label="Latest campaigns"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {campaigns.map((campaign) => (
            <LatestCampaign key={campaign.id} campaign={campaign} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}
