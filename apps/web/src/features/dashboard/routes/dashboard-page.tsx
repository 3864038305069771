import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconBell, IconChartLine, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '@/components/panel';
import { paths } from '@/config/paths';

// The statistics, weekly spend and lists arrive with the campaigns and notifications work;
// until a customer has a campaign these are exactly the documented empty states.
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
        <EmptyPanel
          title="Notifications"
          actions={
            <Button component={Link} to={paths.notifications} variant="default" size="xs">
              View all
            </Button>
          }
          icon={<IconBell aria-hidden />}
          message="No Notifications yet"
        />
      </SimpleGrid>
    </Stack>
  );
}
