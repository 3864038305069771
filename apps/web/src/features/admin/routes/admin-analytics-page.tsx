import { IconChartBar } from '@tabler/icons-react';
import { EmptyMessage, Panel } from '@/components/panel';

export function AdminAnalyticsPage() {
  return (
    <Panel title="Analytics of all campaigns">
      <EmptyMessage
        icon={<IconChartBar aria-hidden />}
        title="No campaigns yet"
        description="The performance of every approved campaign shows here."
      />
    </Panel>
  );
}
