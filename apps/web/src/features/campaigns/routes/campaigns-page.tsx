import { Button, Card, Group, Tabs } from '@mantine/core';
import { IconArchive, IconClock, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyMessage } from '@/components/panel';

const TABS = [
  { value: 'active', label: 'Active campaigns', empty: 'No active campaigns yet', icon: IconSpeakerphone },
  { value: 'pending', label: 'Pending', empty: 'No pending campaigns yet', icon: IconClock },
  { value: 'archived', label: 'Archived', empty: 'No archived campaigns yet', icon: IconArchive },
] as const;

// The tables, search and bulk actions come with the campaigns issue; no campaign can be
// created yet, so every tab is honestly empty.
export function CampaignsPage() {
  return (
    <Card withBorder padding="lg">
      <Tabs defaultValue="active">
        <Group justify="space-between" gap="sm" wrap="wrap-reverse" align="flex-end">
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Button component={Link} to="/campaigns/new" leftSection={<IconPlus size={18} aria-hidden />}>
            New campaign
          </Button>
        </Group>
        {TABS.map(({ value, empty, icon: Icon }) => (
          <Tabs.Panel key={value} value={value}>
            <EmptyMessage icon={<Icon aria-hidden />} title={empty} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
