import { Badge, Button, Card, Stack, Text, UnstyledButton } from '@mantine/core';
import { REVIEW_MESSAGES, SPENT_HINTS, SPENT_LABELS, type ListedUser } from '@portal/contract';
import { IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { ListPagination, ListSearch } from '@/components/list-controls';
import { EmptyMessage, LoadFailedMessage } from '@/components/panel';
import { SUCCESS_GREEN } from '@/config/theme';
import { formatUsd } from '@/lib/format';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useListParams } from '@/lib/use-list-params';
import { useToggleUserStatus, useUserList } from '../api/users';
import { AdminInvitationsPanel } from '../components/admin-invitations-panel';
import { AdvertisersDialog } from '../components/advertisers-dialog';
import { BanUserModal, userName } from '../components/ban-user-modal';

const TITLE = 'Registered Users';

function columns(
  onStatus: (user: ListedUser) => void,
  onAccounts: (user: ListedUser) => void,
): DataColumn<ListedUser>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      card: 'title',
      cell: (user) => (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {`${user.first_name} ${user.last_name}`.trim() || '—'}
          {user.type === 1 && (
            <Badge ml="xs" size="xs" variant="light">
              Admin
            </Badge>
          )}
        </Text>
      ),
    },
    {
      key: 'email',
      header: 'E-mail',
      cell: (user) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      ),
      card: 'lead',
    },
    {
      key: 'spent',
      header: SPENT_LABELS.totalSpent,
      cell: (user) => formatUsd(user.total_spent),
      nowrap: true,
      card: 'lead',
    },
    {
      key: 'status',
      header: 'Status',
      card: 'lead',
      cell: (user) => (
        <UnstyledButton
          onClick={() => onStatus(user)}
          aria-label={`${user.status ? 'Active' : 'InActive'}: ${user.status ? 'ban' : 'unban'} ${userName(user)}`}
        >
          <Badge color={user.status ? SUCCESS_GREEN : 'red.9'} variant="filled" style={{ cursor: 'pointer' }}>
            {user.status ? 'Active' : 'InActive'}
          </Badge>
        </UnstyledButton>
      ),
    },
    {
      key: 'accounts',
      header: 'Advertiser accounts',
      card: 'actions',
      cell: (user) =>
        user.type === 1 ? null : (
          <Button
            size="xs"
            variant="default"
            aria-label={`Accounts of ${userName(user)}`}
            onClick={() => onAccounts(user)}
          >
            Accounts
          </Button>
        ),
    },
  ];
}

/** /admin/users (docs/product/review.md, Users list and Bans). The page and search live in the address. */
export function AdminUsersPage() {
  const params = useListParams();
  const { page, per_page, search } = params;
  const list = useUserList({ page, per_page, search });
  const toggle = useToggleUserStatus();
  const [chosen, setChosen] = useState<ListedUser | null>(null);
  const [opened, setOpened] = useState(false);
  const [accountsOf, setAccountsOf] = useState<ListedUser | null>(null);

  useEffect(() => {
    // docs/product/review.md, Users list: the seeds' wording, kept.
    if (list.error) notifyRequestError(list.error, 'Failed to fetch campaigns', 'Unknown error');
  }, [list.error]);

  const users = list.isError ? [] : (list.data?.data ?? []);
  const loading = list.data === undefined && !list.isError;
  const lastPage = list.isError ? 1 : Math.max(list.data?.pagination.last_page ?? 1, 1);

  const confirm = (user: ListedUser) =>
    toggle.mutate(user.id, {
      onSuccess: () => {
        setOpened(false);
        notifySuccess('Success', REVIEW_MESSAGES.userStatusUpdated);
      },
      onError: (error) => notifyRequestError(error, 'Error'),
    });

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <ListSearch label="Search users by name or e-mail" applied={search} setSearch={params.setSearch} />
          <Text size="xs" c="dimmed">
            {SPENT_HINTS.users}
          </Text>
          {list.isError ? (
            <LoadFailedMessage what="users" onRetry={() => void list.refetch()} />
          ) : !loading && users.length === 0 ? (
            <EmptyMessage
              icon={<IconUsers aria-hidden />}
              title="No users found"
              description={search ? `No name or e-mail contains "${search}".` : undefined}
            />
          ) : (
            <DataTable
              label={TITLE}
              columns={columns((user) => {
                setChosen(user);
                setOpened(true);
              }, setAccountsOf)}
              rows={users}
              loading={loading}
              minWidth={640}
            />
          )}
          <ListPagination label={TITLE} page={page} lastPage={lastPage} setPage={params.setPage} />
        </Stack>
        <BanUserModal
          user={chosen}
          opened={opened}
          toggling={toggle.isPending}
          onClose={() => setOpened(false)}
          onConfirm={confirm}
        />
        <AdvertisersDialog user={accountsOf} onClose={() => setAccountsOf(null)} />
      </Card>
      <AdminInvitationsPanel />
    </Stack>
  );
}
