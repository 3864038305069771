import { Badge, Button, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { SHARED_LINK_TEXTS, sharedLinkSubject, type SharedLink } from '@portal/contract';
import { IconLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { EmptyMessage, LoadFailedMessage, Panel } from '@/components/panel';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';
import { useCurrentMembership } from '@/lib/membership';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useRevokeSharedLink, useSharedLinks } from '../api/shared-links';

const KIND_LABELS = { preview: 'Preview', report: 'Report' } as const;

/** A report's days, "1 Nov 2026 to 30 Nov 2026"; nothing for a preview. */
const daysOf = (link: SharedLink) => (link.from && link.to ? `${formatDate(link.from)} to ${formatDate(link.to)}` : '');

function RevokeButton({ link, subject }: { link: SharedLink; subject: string }) {
  const revoke = useRevokeSharedLink();
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Revoke this link?',
      children: <Text size="sm">{subject}: whoever has the link will no longer see it.</Text>,
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(link.id, {
          onSuccess: (answer) => notifySuccess('Done', answer.message),
          onError: (error) => notifyRequestError(error, 'Could not revoke the link'),
        }),
    });
  return (
    <Button
      size="compact-sm"
      variant="default"
      color="red"
      loading={revoke.isPending}
      onClick={confirm}
      // The visible word, then which link: each row's button has a name of its own.
      aria-label={`Revoke ${subject}`}
    >
      Revoke
    </Button>
  );
}

const columnsFor = (accountName: string): DataColumn<SharedLink>[] => [
  {
    key: 'shows',
    header: 'Shows',
    card: 'title',
    cell: (link) => (
      <>
        <Text size="sm" fw={600}>
          {sharedLinkSubject(link, accountName)}
        </Text>
        {daysOf(link) && (
          <Text size="xs" c="dimmed">
            {daysOf(link)}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'kind',
    header: 'Kind',
    card: 'lead',
    cell: (link) => <Badge variant="light">{KIND_LABELS[link.kind]}</Badge>,
  },
  { key: 'by', header: 'Made by', cell: (link) => link.created_by },
  { key: 'created', header: 'Created', nowrap: true, cell: (link) => formatDate(link.created_at) },
  { key: 'expires', header: 'Expires', nowrap: true, cell: (link) => formatDate(link.expires_at) },
  { key: 'views', header: 'Views', nowrap: true, cell: (link) => formatCount(link.views) },
  {
    key: 'last',
    header: 'Last viewed',
    nowrap: true,
    cell: (link) => (link.last_viewed_at ? formatDateTime(link.last_viewed_at) : ''),
  },
  {
    key: 'actions',
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    card: 'actions',
    cell: (link) => <RevokeButton link={link} subject={sharedLinkSubject(link, accountName)} />,
  },
];

/**
 * My account's shared links (docs/product/accounts.md, My account): the account's active
 * preview and report links the user may see, with their views, and Revoke. Customers only.
 */
export function SharedLinksPanel() {
  const { membership } = useCurrentMembership();
  const links = useSharedLinks(membership !== undefined);
  useEffect(() => {
    if (links.error) notifyRequestError(links.error, 'Something went wrong');
  }, [links.error]);
  if (!membership) return null;

  const loading = links.data === undefined && !links.isError;
  const rows = links.data?.data ?? [];
  return (
    <Panel title="Shared links">
      {links.isError ? (
        <LoadFailedMessage what="shared links" onRetry={() => void links.refetch()} />
      ) : !loading && rows.length === 0 ? (
        <EmptyMessage icon={<IconLink aria-hidden />} title={SHARED_LINK_TEXTS.listEmpty} />
      ) : (
        <DataTable
          label="Shared links"
          columns={columnsFor(membership.name)}
          rows={rows}
          loading={loading}
          minWidth={760}
        />
      )}
    </Panel>
  );
}
