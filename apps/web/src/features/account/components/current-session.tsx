import { Card, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { UNKNOWN_CLIENT_DETAIL } from '@portal/contract';
import type { ReactNode } from 'react';
import { useSession } from '@/stores/session-store';
import { useCurrentSession } from '../api/get-current-session';

/** The My account footer: the device and place of this session, and an action beside it. */
export function CurrentSession({ action }: { action?: ReactNode }) {
  const stored = useSession((s) => s.sessionInfo);
  const query = useCurrentSession();
  // What the login answer said stands in while the live answer loads (or if it fails).
  const session = query.data?.data ?? stored;

  const rows: Array<[string, string | undefined]> = [
    ['Operating system', session?.os],
    ['Browser', session?.browser],
    ['City', session?.city],
    ['Country', session?.country],
    ['IP address', session?.ip],
  ];

  return (
    <Card withBorder component="section" aria-labelledby="current-session-title" padding="lg">
      <Group justify="space-between" align="flex-start" gap="lg">
        <Stack gap="sm" miw={0} style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4" id="current-session-title">
            Current session
          </Title>
          {session ? (
            <DataList labelWidth="9rem">
              {rows.map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
                    {value || UNKNOWN_CLIENT_DETAIL}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList>
          ) : (
            <Text c="dimmed">
              {query.isError ? 'The session details could not be loaded.' : 'Loading session details…'}
            </Text>
          )}
        </Stack>
        {action}
      </Group>
    </Card>
  );
}
