import { IconUsers } from '@tabler/icons-react';
import { EmptyMessage, Panel } from '@/components/panel';

export function AdminUsersPage() {
  return (
    <Panel title="Registered Users">
      <EmptyMessage
        icon={<IconUsers aria-hidden />}
        title="Nothing here yet"
        description="The list of registered users, with banning and unbanning, is coming soon."
      />
    </Panel>
  );
}
