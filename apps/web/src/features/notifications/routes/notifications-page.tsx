import { IconBell } from '@tabler/icons-react';
import { EmptyMessage, Panel } from '@/components/panel';

export function NotificationsPage() {
  return (
    <Panel title="All notifications">
      <EmptyMessage icon={<IconBell aria-hidden />} title="No Notifications yet" />
    </Panel>
  );
}
