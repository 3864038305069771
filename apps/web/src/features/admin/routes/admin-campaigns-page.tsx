import { Card, Tabs } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import { EmptyMessage } from '@/components/panel';

const TABS = [
  { value: 'pending', label: 'Pending', empty: 'No pending campaigns yet', icon: IconClock },
  { value: 'approved', label: 'Approved', empty: 'No approved campaigns yet', icon: IconCircleCheck },
  { value: 'declined', label: 'Declined', empty: 'No declined campaigns yet', icon: IconCircleX },
] as const;

// Reviewing campaign requests comes with the administration issue; customers cannot submit
// campaigns yet, so there is nothing to review.
export function AdminCampaignsPage() {
  return (
    <Card withBorder padding="lg">
      <Tabs defaultValue="pending">
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, empty, icon: Icon }) => (
          <Tabs.Panel key={value} value={value}>
            <EmptyMessage icon={<Icon aria-hidden />} title={empty} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
