import { IconChartBar } from '@tabler/icons-react';
import { EmptyPanel } from '@/components/panel';

export function AnalyticsPage() {
  return (
    <EmptyPanel
      title="Campaign analytics"
      icon={<IconChartBar aria-hidden />}
      message="No campaigns yet"
      description="The performance of each campaign shows here once it runs."
    />
  );
}
