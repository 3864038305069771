import { IconUsers } from '@tabler/icons-react';
import { EmptyPanel } from '@/components/panel';

export function AdminUsersPage() {
  return (
    <EmptyPanel
      title="Registered Users"
      icon={<IconUsers aria-hidden />}
      message="Nothing here yet"
      description="The list of registered users, with banning and unbanning, is coming soon."
    />
  );
}
