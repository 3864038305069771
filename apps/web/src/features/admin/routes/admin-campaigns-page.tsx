import { IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import { EmptyTabs } from '@/components/empty-tabs';

const TABS = [
  { value: 'pending', label: 'Pending', empty: 'No pending campaigns yet', icon: IconClock },
  { value: 'approved', label: 'Approved', empty: 'No approved campaigns yet', icon: IconCircleCheck },
  { value: 'declined', label: 'Declined', empty: 'No declined campaigns yet', icon: IconCircleX },
] as const;

// Reviewing campaign requests comes with the administration issue; customers cannot submit
// campaigns yet, so there is nothing to review.
export function AdminCampaignsPage() {
  return <EmptyTabs tabs={TABS} defaultValue="pending" />;
}
