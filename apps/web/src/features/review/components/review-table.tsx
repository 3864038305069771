import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { deliveryLabel, SPENT_LABELS, type Campaign, type ReviewListingType } from '@portal/contract';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '@/components/data-table';
import { paths } from '@/config/paths';
import { formatDate, formatUsd } from '@/lib/format';

type Column = DataColumn<Campaign>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const nameColumn: Column = {
  key: 'name',
  header: 'Campaign',
  card: 'title',
  cell: (campaign) => (
    <Text size="sm" fw={500} maw={260} style={{ overflowWrap: 'anywhere' }}>
      {campaign.campaign_name}
    </Text>
  ),
};

const customerColumn: Column = {
  key: 'customer',
  header: 'Customer',
  card: 'lead',
  cell: (campaign) => (
    <div>
      <Text size="sm">{`${campaign.user_first_name} ${campaign.user_last_name}`.trim() || '—'}</Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {campaign.user_email}
      </Text>
    </div>
  ),
};

function ViewButton({ campaign }: { campaign: Campaign }) {
  return (
    <Button
      component={Link}
      to={paths.admin.viewCampaign.to(campaign.id)}
      size="compact-sm"
      variant="light"
      aria-label={`View ${campaign.campaign_name}`}
    >
      View
    </Button>
  );
}

const viewColumn: Column = {
  key: 'view',
  header: <VisuallyHidden>View</VisuallyHidden>,
  card: 'actions',
  cell: (campaign) => <ViewButton campaign={campaign} />,
};

/** The Approved tab's View, with "Edit metrics" beside it (docs/product/review.md, Review queue). */
const actionsColumn = (onEditMetrics: (campaign: Campaign) => void): Column => ({
  key: 'view',
  header: <VisuallyHidden>View</VisuallyHidden>,
  nowrap: true,
  card: 'actions',
  cell: (campaign) => (
    <Group gap="xs" wrap="nowrap">
      {campaign.approval_status === 'approved' && (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={`Edit metrics for ${campaign.campaign_name}`}
          onClick={() => onEditMetrics(campaign)}
        >
          Edit metrics
        </Button>
      )}
      <ViewButton campaign={campaign} />
    </Group>
  ),
});

/** docs/product/review.md, Review queue: the columns of each tab. */
const columnsOf = (onEditMetrics: (campaign: Campaign) => void): Record<ReviewListingType, Column[]> => ({
  pending: [
    nameColumn,
    customerColumn,
    { key: 'submitted', header: 'Submitted', cell: (c) => formatDate(c.submitted_at), nowrap: true },
    { key: 'objective', header: 'Objective', cell: (c) => c.campaign_objective },
    {
      key: 'budget',
      header: 'Budget',
      cell: (c) => `${c.budget_type === 'daily' ? 'Daily' : 'Lifetime'} ${formatUsd(c.budget_amount)}`,
      nowrap: true,
      card: 'lead',
    },
    viewColumn,
  ],
  active: [
    nameColumn,
    customerColumn,
    { key: 'published', header: 'Published', cell: (c) => formatDate(c.published_on), nowrap: true },
    {
      key: 'delivery',
      header: 'Delivery',
      cell: deliveryLabel,
      card: 'lead',
    },
    { key: 'payment', header: 'Payment Status', cell: (c) => capitalised(c.payment_status), card: 'lead' },
    {
      key: 'spent',
      header: SPENT_LABELS.amountSpent,
      cell: (c) => formatUsd(c.statistics[0]?.amount_spent),
      nowrap: true,
      card: 'lead',
    },
    actionsColumn(onEditMetrics),
  ],
  declined: [
    nameColumn,
    customerColumn,
    { key: 'declined', header: 'Declined', cell: (c) => formatDate(c.declined_at), nowrap: true },
    {
      key: 'reason',
      header: 'Reason',
      cell: (c) => (
        <Text size="sm" maw={320} style={{ overflowWrap: 'anywhere' }}>
          {c.decline_reason ?? ''}
        </Text>
      ),
      card: 'lead',
    },
    viewColumn,
  ],
});

/** One review tab's table; approved campaigns offer "Edit metrics" through `onEditMetrics`. */
export function ReviewTable({
  listingType,
  label,
  campaigns,
  loading,
  onEditMetrics,
}: {
  listingType: ReviewListingType;
  label: string;
  campaigns: Campaign[];
  loading: boolean;
  onEditMetrics: (campaign: Campaign) => void;
}) {
  return (
    <DataTable
      label={label}
      columns={columnsOf(onEditMetrics)[listingType]}
      rows={campaigns}
      loading={loading}
      minWidth={860}
    />
  );
}
