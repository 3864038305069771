import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconBell, IconChartBar, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '@/components/panel';
import { paths } from '@/config/paths';

export function AdminDashboardPage() {
  return (
    <Stack gap="lg">
      <EmptyPanel title="Statistics" icon={<IconChartBar aria-hidden />} message="No information to display" />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <EmptyPanel
          title="Latest Campaigns"
          actions={
            <Button component={Link} to={paths.admin.campaigns} variant="default" size="xs">
              View all campaigns
            </Button>
          }
          icon={<IconSpeakerphone aria-hidden />}
          message="No campaigns yet"
        />
        <EmptyPanel title="Notifications" icon={<IconBell aria-hidden />} message="No Notifications yet" />
      </SimpleGrid>
    </Stack>
  );
}
