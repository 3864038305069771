import { SimpleGrid, Stack } from '@mantine/core';
import { useDeferredValue } from 'react';
import { paths } from '@/config/paths';
import { LatestCampaignsPanel } from '@/features/insights/components/latest-campaigns-panel';
import { MetricCardsPanel } from '@/features/insights/components/metric-cards';
import { PacingPanel } from '@/features/insights/components/pacing-panel';
import { WeeklySpendPanel } from '@/features/insights/components/weekly-spend-panel';
import { LatestNotificationsPanel } from '@/features/notifications/components/latest-notifications-panel';

/**
 * The lists at the foot of the page, drawn just after the rest: React commits a render to the
 * page in one task it cannot split, so the first one holds only what the screen shows first
 * (docs/decisions/021-dashboard-data-before-drawing.md). Budget pacing asks for its campaigns
 * only then, so the page's first figures never wait for it.
 */
function PageFoot() {
  const drawn = useDeferredValue(true, false);
  if (!drawn) return null;
  return (
    <>
      <PacingPanel />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <LatestCampaignsPanel />
        <LatestNotificationsPanel viewAllTo={paths.notifications} />
      </SimpleGrid>
    </>
  );
}

/** The customer's dashboard (docs/product/insights.md, Dashboards). */
export function DashboardPage() {
  return (
    <Stack gap="lg">
      <MetricCardsPanel />
      <WeeklySpendPanel />
      <PageFoot />
    </Stack>
  );
}
