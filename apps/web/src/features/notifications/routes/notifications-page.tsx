import { IconBell } from '@tabler/icons-react';
import { EmptyPanel } from '@/components/panel';

export function NotificationsPage() {
  return <EmptyPanel title="All notifications" icon={<IconBell aria-hidden />} message="No Notifications yet" />;
}
