import { Card, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ListPagination } from '@/components/list-controls';
import { EmptyMessage, LoadFailedMessage } from '@/components/panel';
import { notifyRequestError } from '@/lib/notify';
import { useListParams } from '@/lib/use-list-params';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';
import { NotificationList } from '../components/notification-list';

/**
 * /notifications (docs/product/review.md, Notifications): every notification, newest first, page
 * by page. Those a page shows are marked read once it has shown them.
 */
export function NotificationsPage() {
  const { page, per_page, setPage } = useListParams();
  const list = useNotifications({ page, per_page });
  const markRead = useMarkNotificationsRead();
  const { mutate } = markRead;

  useEffect(() => {
    if (list.error) notifyRequestError(list.error, 'Something went wrong');
  }, [list.error]);

  const shown = list.isError ? [] : (list.data?.data ?? []);
  const unreadIds = shown
    .filter((notification) => notification.read_at === null)
    .map((notification) => notification.id);
  const unreadKey = unreadIds.join(',');
  // Those shown unread stay marked "New" while the page is open, after they are marked read.
  const [seenUnread] = useState(() => new Set<number>());
  for (const id of unreadIds) seenUnread.add(id);
  useEffect(() => {
    if (unreadKey) mutate(unreadKey.split(',').map(Number));
  }, [unreadKey, mutate]);

  const loading = list.data === undefined && !list.isError;
  const lastPage = list.isError ? 1 : Math.max(list.data?.pagination.last_page ?? 1, 1);

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        {list.isError ? (
          <LoadFailedMessage what="notifications" onRetry={() => void list.refetch()} />
        ) : !loading && shown.length === 0 ? (
          <EmptyMessage icon={<IconBell aria-hidden />} title="No Notifications yet" />
        ) : (
          <div aria-busy={loading || undefined}>
            <NotificationList notifications={shown} isNew={(notification) => seenUnread.has(notification.id)} />
          </div>
        )}
        <ListPagination label="Notifications" page={page} lastPage={lastPage} setPage={setPage} />
      </Stack>
    </Card>
  );
}
