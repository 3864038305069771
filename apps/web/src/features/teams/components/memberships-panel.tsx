import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ADVERTISER_ROLE_LABELS, type Membership } from '@portal/contract';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { Panel } from '@/components/panel';
import { paths } from '@/config/paths';
import { useCurrentMembership, useSwitchAdvertiser } from '@/lib/membership';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useLeaveAdvertiser } from '../api/teams';
import { TimeZoneField } from './time-zone-field';

/**
 * The advertiser accounts the user belongs to, with their role in each (docs/product/teams.md):
 * work in another one, or leave the one they work in (its last owner cannot).
 */
export function MembershipsPanel() {
  const { membership: current, memberships } = useCurrentMembership();
  const switchTo = useSwitchAdvertiser();
  const leave = useLeaveAdvertiser();
  const navigate = useNavigate();
  if (memberships.length === 0) return null;

  const confirmLeave = (membership: Membership) =>
    modals.openConfirmModal({
      title: `Leave ${membership.name}?`,
      children: <Text size="sm">You will no longer see or change anything in this account.</Text>,
      labels: { confirm: 'Leave', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        leave.mutate(undefined, {
          onSuccess: (answer) => {
            notifySuccess('Done', answer.message);
            navigate(paths.dashboard);
          },
          onError: (error) => notifyRequestError(error, 'Could not leave'),
        }),
    });

  return (
    <Panel title="Advertiser accounts">
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your advertiser accounts">
        {memberships.map((membership) => {
          const here = membership.advertiser_id === current?.advertiser_id;
          return (
            <Group
              component="li"
              key={membership.advertiser_id}
              justify="space-between"
              gap="sm"
              py="sm"
              wrap="wrap"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Group gap="xs">
                <Text fw={600}>{membership.name}</Text>
                <Badge variant="outline">{ADVERTISER_ROLE_LABELS[membership.role]}</Badge>
                {here && (
                  <Text size="sm" c="dimmed">
                    (working in it)
                  </Text>
                )}
              </Group>
              {here ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconLogout size={16} aria-hidden />}
                  aria-label={`Leave ${membership.name}`}
                  onClick={() => confirmLeave(membership)}
                >
                  Leave
                </Button>
              ) : (
                <Button
                  variant="default"
                  aria-label={`Work in ${membership.name}`}
                  onClick={() => switchTo(membership.advertiser_id)}
                >
                  Work in it
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      <TimeZoneField />
    </Panel>
  );
}
