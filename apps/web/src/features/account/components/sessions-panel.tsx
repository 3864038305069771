import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { SESSION_MESSAGES, sessionDevice, sessionPlace, type UserSession } from '@portal/contract';
import { IconLogout } from '@tabler/icons-react';
import { Panel } from '@/components/panel';
import { SUCCESS_GREEN } from '@/config/theme';
import { formatDateTime } from '@/lib/format';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';

/** Where a session signed in from: the city and country when known, and the address. */
const placeOf = (session: UserSession): string => [sessionPlace(session), session.ip].filter(Boolean).join(', ');

/**
 * Every signed-in device of the user, with a way to sign each other one out, or all of them
 * (docs/product/accounts.md, Your sessions).
 */
export function SessionsPanel() {
  const query = useSessions();
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const sessions = query.data?.data ?? [];
  const others = sessions.filter((session) => !session.current).length;

  const signOut = (session: UserSession) =>
    revokeOne.mutate(session.id, {
      onSuccess: () => notifySuccess('Signed out', `${SESSION_MESSAGES.revoked}: ${sessionDevice(session)}.`),
      onError: (failure) => notifyRequestError(failure, 'Could not sign out'),
    });
  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) =>
        notifySuccess(
          'Signed out',
          revoked === 1 ? 'One other session has been signed out.' : `${revoked} other sessions have been signed out.`,
        ),
      onError: (failure) => notifyRequestError(failure, 'Could not sign out'),
    });

  return (
    <Panel
      title="Your sessions"
      actions={
        others > 0 && (
          <Button
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden />}
            loading={revokeOthers.isPending}
            onClick={signOutOthers}
          >
            Sign out all other sessions
          </Button>
        )
      }
    >
      {query.isPending ? (
        <Text c="dimmed">Loading sessions…</Text>
      ) : query.isError ? (
        <Text c="dimmed">The sessions could not be loaded.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Signed-in devices">
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              signingOut={revokeOne.isPending && revokeOne.variables === session.id}
              onSignOut={() => signOut(session)}
            />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

/** One device: what and where, when, and Sign out unless it is this one. */
function SessionRow({
  session,
  signingOut,
  onSignOut,
}: {
  session: UserSession;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="sm"
      wrap="wrap"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
        <Group gap="xs">
          <Text fw={600}>{sessionDevice(session)}</Text>
          {session.current && (
            // Filled, with white text above 4.5:1 in both schemes.
            <Badge variant="filled" color={SUCCESS_GREEN}>
              This device
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {placeOf(session)}
        </Text>
        <Text size="sm" c="dimmed">
          Started {formatDateTime(session.started_at)} · Last active {formatDateTime(session.last_active_at)}
        </Text>
      </Stack>
      {!session.current && (
        <Button
          variant="subtle"
          color="red"
          aria-label={`Sign out ${sessionDevice(session)}, started ${formatDateTime(session.started_at)}`}
          loading={signingOut}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}
