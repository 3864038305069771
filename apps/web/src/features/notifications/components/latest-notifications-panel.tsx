import { Button, Skeleton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useDeferredValue, useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyMessage, Panel } from '@/components/panel';
import { notifyRequestError } from '@/lib/notify';
import { DASHBOARD_NOTIFICATIONS, useNotifications } from '../api/notifications';
import { NotificationList } from './notification-list';

/** The dashboards' Notifications panel; `viewAllTo` adds a View all button. */
export function LatestNotificationsPanel({ viewAllTo }: { viewAllTo?: string }) {
  const list = useNotifications(DASHBOARD_NOTIFICATIONS);
  useEffect(() => {
    if (list.error) notifyRequestError(list.error, 'Something went wrong');
  }, [list.error]);
  // Drawn in the background when it arrives, in slices that leave the main thread free (docs/decisions/020-dashboard-rendering.md).
  const data = useDeferredValue(list.data);
  const shown = list.isError ? [] : (data?.data ?? []);

  return (
    <Panel
      title="Notifications"
      actions={
        viewAllTo && (
          <Button component={Link} to={viewAllTo} variant="default" size="xs">
            View all
          </Button>
        )
      }
    >
      {data === undefined && !list.isError ? (
        <Skeleton h={120} aria-label="Loading notifications" />
      ) : shown.length === 0 ? (
        <EmptyMessage icon={<IconBell aria-hidden />} title="No Notifications yet" />
      ) : (
        <NotificationList notifications={shown} />
      )}
    </Panel>
  );
}
