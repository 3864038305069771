import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconBell, IconChartBar, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyMessage, Panel } from '@/components/panel';

export function AdminDashboardPage() {
  return (
    <Stack gap="lg">
      <Panel title="Statistics">
        <EmptyMessage icon={<IconChartBar aria-hidden />} title="No information to display" />
      </Panel>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Panel
          title="Latest Campaigns"
          actions={
            <Button component={Link} to="/admin/campaigns" variant="default" size="xs">
              View all campaigns
            </Button>
          }
        >
          <EmptyMessage icon={<IconSpeakerphone aria-hidden />} title="No campaigns yet" />
        </Panel>
        <Panel title="Notifications">
          <EmptyMessage icon={<IconBell aria-hidden />} title="No Notifications yet" />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
