import { Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { PACING_TEXTS } from '@portal/contract';
import { IconGauge } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { EmptyMessage, Panel } from '@/components/panel';
import { paths } from '@/config/paths';
import { usePacingPanel } from '../api/dashboard';
import { useDashboardErrorToast } from '../hooks/dashboard-error-toast';
import { PacingSummary } from './pacing-summary';

/** The panel lists at most this many (docs/product/insights.md, Pacing). */
const PACING_COUNT = 5;
const ITEM_HEIGHT = 132;

/**
 * The customer dashboard's "Budget pacing": the running campaigns that end soonest, each with
 * its pacing (docs/product/insights.md, Pacing).
 */
export function PacingPanel() {
  const pacing = usePacingPanel();
  useDashboardErrorToast(pacing.error);
  // Drawn in the background when it arrives (docs/decisions/020-dashboard-rendering.md).
  const data = useDeferredValue(pacing.data);
  const campaigns = pacing.isError ? [] : (data ?? []);

  return (
    <Panel
      title={PACING_TEXTS.dashboardTitle}
      actions={
        <Button component={Link} to={paths.analytics} variant="default" size="xs">
          View analytics
        </Button>
      }
    >
      {data === undefined && !pacing.isError ? (
        <Stack gap="md" aria-busy="true">
          <VisuallyHidden>Loading pacing</VisuallyHidden>
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} h={ITEM_HEIGHT} />
          ))}
        </Stack>
      ) : campaigns.length === 0 ? (
        <EmptyMessage icon={<IconGauge aria-hidden />} title={PACING_TEXTS.dashboardEmpty} />
      ) : (
        <Stack
          gap="lg"
          component="ul"
          aria-label={PACING_TEXTS.dashboardTitle}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {campaigns.slice(0, PACING_COUNT).map((campaign) => (
            <Stack key={campaign.id} gap={6} component="li">
              <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {campaign.campaign_name}
              </Text>
              <PacingSummary campaignName={campaign.campaign_name} pacing={campaign.pacing} />
            </Stack>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
