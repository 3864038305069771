import { IconChartBar } from '@tabler/icons-react';
import { EmptyPanel } from '@/components/panel';

export function AdminAnalyticsPage() {
  return (
    <EmptyPanel
      title="Analytics of all campaigns"
      icon={<IconChartBar aria-hidden />}
      message="No campaigns yet"
      description="The performance of every approved campaign shows here."
    />
  );
}
