import { SimpleGrid, Stack } from '@mantine/core';
import { AdminStatTilesPanel } from '@/features/insights/components/admin-stat-tiles';
import { LatestNotificationsPanel } from '@/features/notifications/components/latest-notifications-panel';
import { LatestApprovedPanel } from '@/features/review/components/latest-approved-panel';

/** The administrator's dashboard (docs/product/insights.md, Dashboards). */
export function AdminDashboardPage() {
  return (
    <Stack gap="lg">
      <AdminStatTilesPanel />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <LatestApprovedPanel />
        <LatestNotificationsPanel />
      </SimpleGrid>
    </Stack>
  );
}
