import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { Notification } from '@portal/contract';
import { Link } from 'react-router';
import { fileUrl } from '@/lib/file-url';
import { formatDateTime } from '@/lib/format';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** Notifications, newest first: who sent it, what it says (a link when it leads somewhere), when. */
export function NotificationList({
  notifications,
  isNew,
}: {
  notifications: Notification[];
  /** Which to mark "New". */
  isNew?: (notification: Notification) => boolean;
}) {
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {notifications.map((notification) => (
        <Group
          key={notification.id}
          component="li"
          wrap="nowrap"
          align="flex-start"
          gap="sm"
          py="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Avatar src={fileUrl(notification.sender.logo)} alt="" radius="xl" size="md">
            {initials(notification.sender.name)}
          </Avatar>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {notification.sender.name}
              </Text>
              {isNew?.(notification) && (
                <Badge size="xs" variant="filled">
                  New
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {notification.link ? (
                // An alert leads to the page where the user acts on it; underlined, as links in text are.
                <Anchor component={Link} to={notification.link} underline="always" inherit>
                  {notification.message}
                </Anchor>
              ) : (
                notification.message
              )}
            </Text>
            <Text size="xs" c="dimmed">
              <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
