import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { ADVERTISER_ROLE_LABELS, type AdminAdvertiser, type ListedUser } from '@portal/contract';
import { Dialog } from '@/components/dialog';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useSetAdvertiserSuspended, useSetAdvertiserTrusted, useUserAdvertisers } from '../api/advertisers';
import { userName } from './ban-user-modal';

/**
 * Trusted: the account's edits of an approved campaign's texts or keywords skip review
 * (docs/product/review.md, Trusted advertisers).
 */
function TrustSwitch({ advertiser }: { advertiser: AdminAdvertiser }) {
  const trust = useSetAdvertiserTrusted();
  return (
    <Switch
      label="Trusted: text and keyword edits skip review"
      checked={advertiser.trusted}
      disabled={trust.isPending}
      onChange={(event) =>
        trust.mutate(
          { id: advertiser.advertiser_id, trusted: event.currentTarget.checked },
          {
            onSuccess: (answer) => notifySuccess('Done', answer.message),
            onError: (error) => notifyRequestError(error, 'Could not change the account'),
          },
        )
      }
    />
  );
}

/** One account: its members with their roles, Suspend or Reinstate, and whether it is trusted. */
function AdvertiserCard({ advertiser }: { advertiser: AdminAdvertiser }) {
  const suspend = useSetAdvertiserSuspended();
  const next = !advertiser.suspended;
  return (
    <Stack gap="xs" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text fw={600}>{advertiser.name}</Text>
          {advertiser.suspended && (
            <Badge color="red.9" variant="filled">
              Suspended
            </Badge>
          )}
          {advertiser.trusted && <Badge variant="default">Trusted</Badge>}
        </Group>
        <Button
          size="xs"
          variant={next ? 'outline' : 'default'}
          color={next ? 'red' : undefined}
          loading={suspend.isPending}
          onClick={() =>
            suspend.mutate(
              { id: advertiser.advertiser_id, suspended: next },
              {
                onSuccess: (answer) => notifySuccess('Done', answer.message),
                onError: (error) => notifyRequestError(error, 'Could not change the account'),
              },
            )
          }
        >
          {next ? 'Suspend account' : 'Reinstate account'}
        </Button>
      </Group>
      <TrustSwitch advertiser={advertiser} />
      <Stack
        component="ul"
        gap={2}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`Members of ${advertiser.name}`}
      >
        {advertiser.members.map((member) => (
          <Text component="li" size="sm" key={member.user_id} style={{ overflowWrap: 'anywhere' }}>
            {[member.first_name, member.last_name].filter(Boolean).join(' ') || member.email} · {member.email} ·{' '}
            {ADVERTISER_ROLE_LABELS[member.role]}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The user's advertiser accounts with their members (docs/product/teams.md, Suspended
 * accounts): suspending one is apart from banning the user.
 */
export function AdvertisersDialog({ user, onClose }: { user: ListedUser | null; onClose: () => void }) {
  const accounts = useUserAdvertisers(user?.id ?? null);
  return (
    <Dialog
      opened={user !== null}
      onClose={onClose}
      title={user ? `Advertiser accounts of ${userName(user)}` : ''}
      centered
      size="lg"
    >
      {accounts.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : accounts.isError ? (
        <Text c="dimmed">The accounts could not be loaded.</Text>
      ) : accounts.data.length === 0 ? (
        <Text c="dimmed">This user belongs to no advertiser account.</Text>
      ) : (
        <Stack gap={0}>
          {accounts.data.map((advertiser) => (
            <AdvertiserCard key={advertiser.advertiser_id} advertiser={advertiser} />
          ))}
        </Stack>
      )}
    </Dialog>
  );
}
