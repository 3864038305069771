import { SimpleGrid, Stack } from '@mantine/core';
import { paths } from '@/config/paths';
import { LatestCampaignsPanel } from '@/features/analytics/components/latest-campaigns-panel';
import { MetricCardsPanel } from '@/features/analytics/components/metric-cards';
import { WeeklySpendPanel } from '@/features/analytics/components/weekly-spend-panel';
import { LatestNotificationsPanel } from '@/features/notifications/components/latest-notifications-panel';

/** The customer's dashboard (docs/product/insights.md, Dashboards). */
export function DashboardPage() {
  return (
    <Stack gap="lg">
      <MetricCardsPanel />
      <WeeklySpendPanel />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <LatestCampaignsPanel />
        <LatestNotificationsPanel viewAllTo={paths.notifications} />
      </SimpleGrid>
    </Stack>
  );
}
