import { Group, Paper, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { SPENT_HINTS, SPENT_LABELS, type AdminStatistics } from '@portal/contract';
import { IconChartBar } from '@tabler/icons-react';
import { useId } from 'react';
import { EmptyMessage, Panel } from '@/components/panel';
import { formatCount, formatUsd, NO_VALUE } from '@/lib/format';
import { useAdminStatistics } from '../api/dashboard';
import { useDashboardErrorToast } from '../hooks/dashboard-error-toast';
import classes from './admin-stat-tiles.module.css';

const TILE_HEIGHT = 104;

/** A tile's value, or its parts (Customers: active and banned) each with its own label. */
type TileValue = string | { label: string; value: string }[];

interface Tile {
  label: string;
  value: TileValue;
}

/** docs/product/insights.md, Admin tiles, and the money tiles of docs/product/payments.md. */
function adminTiles(stats: AdminStatistics): Tile[] {
  const cost = (amount: number | null) => (amount === null ? NO_VALUE : formatUsd(amount));
  return [
    {
      label: 'Customers',
      value: [
        { label: 'Active', value: formatCount(stats.customers.active) },
        { label: 'Banned', value: formatCount(stats.customers.banned) },
      ],
    },
    {
      label: 'Campaigns',
      value: [
        { label: 'Pending', value: formatCount(stats.campaigns.pending) },
        { label: 'Approved', value: formatCount(stats.campaigns.approved) },
        { label: 'Declined', value: formatCount(stats.campaigns.declined) },
      ],
    },
    { label: 'Total impressions', value: formatCount(stats.total_impressions) },
    { label: 'Total reach', value: formatCount(stats.total_reach) },
    { label: SPENT_LABELS.amountSpent, value: formatUsd(stats.amount_spent) },
    { label: 'Link clicks', value: formatCount(stats.link_clicks) },
    { label: 'Cost per click', value: cost(stats.cost_per_click) },
    { label: 'Cost per lead', value: cost(stats.cost_per_lead) },
    { label: 'Revenue collected', value: formatUsd(stats.revenue_collected) },
    { label: 'Amount due', value: formatUsd(stats.amount_due) },
  ];
}

function StatTile({ tile }: { tile: Tile }) {
  const labelId = useId();
  return (
    <Paper withBorder p="md" component="li" mih={TILE_HEIGHT} aria-labelledby={labelId}>
      <Text size="sm" c="dimmed" id={labelId}>
        {tile.label}
      </Text>
      {typeof tile.value === 'string' ? (
        <Text fz="xl" fw={700} mt={4} style={{ overflowWrap: 'anywhere' }}>
          {tile.value}
        </Text>
      ) : (
        <Group gap="lg" mt={4} align="flex-start">
          {tile.value.map((part) => (
            <div key={part.label}>
              <Text fz="xl" fw={700}>
                {part.value}
              </Text>
              <Text size="xs" c="dimmed">
                {part.label}
              </Text>
            </div>
          ))}
        </Group>
      )}
    </Paper>
  );
}

/** The administrator's dashboard tiles, over the whole portal, without a weekly change. */
export function AdminStatTilesPanel() {
  const stats = useAdminStatistics();
  useDashboardErrorToast(stats.error);
  const loading = stats.data === undefined && !stats.isError;

  return (
    <Panel title="Statistics">
      {loading ? (
        <div className={classes.grid} aria-busy="true">
          <VisuallyHidden>Loading statistics</VisuallyHidden>
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} h={TILE_HEIGHT} />
          ))}
        </div>
      ) : stats.isError ? (
        <EmptyMessage icon={<IconChartBar aria-hidden />} title="No information to display" />
      ) : (
        <>
          <ul className={classes.grid} aria-label="Portal statistics">
            {adminTiles(stats.data).map((tile) => (
              <StatTile key={tile.label} tile={tile} />
            ))}
          </ul>
          <Text size="xs" c="dimmed" mt="sm">
            {SPENT_HINTS.dashboard}
          </Text>
        </>
      )}
    </Panel>
  );
}
