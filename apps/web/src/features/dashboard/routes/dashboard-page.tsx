import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconBell, IconChartLine, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyMessage, Panel } from '@/components/panel';

// The statistics, weekly spend and lists arrive with the campaigns and notifications work;
// until a customer has a campaign these are exactly the empty states the spec gives.
export function DashboardPage() {
  return (
    <Stack gap="lg">
      <Panel
        title="Amount Spent"
        actions={
          <Button component={Link} to="/analytics" variant="default" size="xs">
            View analytics
          </Button>
        }
      >
        <EmptyMessage icon={<IconChartLine aria-hidden />} title="No information to display" />
      </Panel>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Panel
          title="Latest Campaigns"
          actions={
            <>
              <Button component={Link} to="/campaigns/new" size="xs">
                New
              </Button>
              <Button component={Link} to="/campaigns" variant="default" size="xs">
                View all campaigns
              </Button>
            </>
          }
        >
          <EmptyMessage icon={<IconSpeakerphone aria-hidden />} title="No campaigns yet" />
        </Panel>
        <Panel
          title="Notifications"
          actions={
            <Button component={Link} to="/notifications" variant="default" size="xs">
              View all
            </Button>
          }
        >
          <EmptyMessage icon={<IconBell aria-hidden />} title="No Notifications yet" />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
