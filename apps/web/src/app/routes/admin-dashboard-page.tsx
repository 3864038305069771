import { SimpleGrid, Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { EmptyPanel } from '@/components/panel';
import { LatestNotificationsPanel } from '@/features/notifications/components/latest-notifications-panel';
import { LatestApprovedPanel } from '@/features/review/components/latest-approved-panel';

// The statistics tiles arrive with the insights work; until then the documented empty state.
export function AdminDashboardPage() {
  return (
    <Stack gap="lg">
      <EmptyPanel title="Statistics" icon={<IconChartBar aria-hidden />} message="No information to display" />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <LatestApprovedPanel />
        <LatestNotificationsPanel />
      </SimpleGrid>
    </Stack>
  );
}
