import { IconChartBar } from '@tabler/icons-react';
import { EmptyMessage, Panel } from '@/components/panel';

export function AnalyticsPage() {
  return (
    <Panel title="Campaign analytics">
      <EmptyMessage
        icon={<IconChartBar aria-hidden />}
        title="No campaigns yet"
        description="The performance of each campaign shows here once it runs."
      />
    </Panel>
  );
}
