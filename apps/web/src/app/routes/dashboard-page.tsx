import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconChartLine, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '@/components/panel';
import { paths } from '@/config/paths';
import { LatestNotificationsPanel } from '@/features/notifications/components/latest-notifications-panel';

// The statistics, weekly spend and latest campaigns arrive with the insights work; until
// then they show the documented empty states.
export function DashboardPage() {
  return (
    <Stack gap="lg">
      <EmptyPanel
        title="Amount Spent"
        actions={
          <Button component={Link} to={paths.analytics} variant="default" size="xs">
            View analytics
          </Button>
        }
        icon={<IconChartLine aria-hidden />}
        message="No information to display"
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <EmptyPanel
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
          icon={<IconSpeakerphone aria-hidden />}
          message="No campaigns yet"
        />
        <LatestNotificationsPanel viewAllTo={paths.notifications} />
      </SimpleGrid>
    </Stack>
  );
}
