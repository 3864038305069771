import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  ADVERTISER_ROLE_DESCRIPTIONS,
  ADVERTISER_ROLE_LABELS,
  ADVERTISER_ROLES,
  inviteMemberRequestSchema,
  renameAdvertiserRequestSchema,
  type AdvertiserInvitation,
  type AdvertiserMember,
  type AdvertiserRole,
} from '@portal/contract';
import { IconMailForward, IconSend, IconTrash, IconUserMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmailInput } from '@/components/email-input';
import { Panel } from '@/components/panel';
import { formatDate } from '@/lib/format';
import { showFormError } from '@/lib/form-errors';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/stores/session-store';
import {
  useChangeMemberRole,
  useInviteMember,
  useRemoveMember,
  useRenameAdvertiser,
  useResendInvitation,
  useWithdrawInvitation,
} from '../api/teams';

const ROLE_OPTIONS = ADVERTISER_ROLES.map((role) => ({ value: role, label: ADVERTISER_ROLE_LABELS[role] }));

const listStyle = { listStyle: 'none' };

/** One line of a panel's list: what it is on the left, its buttons on the right, wrapping on a phone. */
function ListRow({ children }: { children: ReactNode }) {
  return (
    <Group
      component="li"
      justify="space-between"
      gap="sm"
      py="sm"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Group>
  );
}

const personName = (member: AdvertiserMember) =>
  [member.first_name, member.last_name].filter(Boolean).join(' ') || member.email;

/** The account's name, which its members see in the header's switcher. */
export function AccountNamePanel({ name }: { name: string }) {
  const rename = useRenameAdvertiser();
  const form = useForm({
    initialValues: { name },
    validate: schemaResolver(renameAdvertiserRequestSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    rename.mutate(values.name, {
      onSuccess: (answer) => notifySuccess('Saved', answer.message),
      onError: (error) => showFormError(form, error),
    }),
  );
  return (
    <Panel title="Advertiser account">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Account name"
            maxLength={100}
            style={{ flex: '1 1 16rem' }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" variant="default" loading={rename.isPending}>
            Rename
          </Button>
        </Group>
      </form>
    </Panel>
  );
}

/** The members with their roles; owners change a role or remove someone (never the last owner). */
export function MembersPanel({ members }: { members: AdvertiserMember[] }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const myId = useSession((s) => s.userId);

  const setRole = (member: AdvertiserMember, role: AdvertiserRole) =>
    changeRole.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () =>
          notifySuccess('Role changed', `${personName(member)} is now ${ADVERTISER_ROLE_LABELS[role].toLowerCase()}.`),
        onError: (error) => notifyRequestError(error, 'Could not change the role'),
      },
    );
  const confirmRemove = (member: AdvertiserMember) =>
    modals.openConfirmModal({
      title: member.user_id === myId ? 'Leave the account?' : `Remove ${personName(member)}?`,
      children: (
        <Text size="sm">
          {member.user_id === myId
            ? 'You will no longer see or change anything in this account.'
            : 'They are signed out of this account at once and can come back only with a new invitation.'}
        </Text>
      ),
      labels: { confirm: member.user_id === myId ? 'Leave' : 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(member.user_id, {
          onSuccess: (answer) => notifySuccess('Done', answer.message),
          onError: (error) => notifyRequestError(error, 'Could not remove the member'),
        }),
    });

  return (
    <Panel title="Members">
      <Stack component="ul" gap={0} p={0} m={0} style={listStyle} aria-label="Members">
        {members.map((member) => (
          <ListRow key={member.user_id}>
            <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {personName(member)}
                {member.user_id === myId && ' (you)'}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {member.email} · joined {formatDate(member.joined_at)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Select
                aria-label={`Role of ${personName(member)}`}
                data={ROLE_OPTIONS}
                value={member.role}
                allowDeselect={false}
                w={130}
                disabled={changeRole.isPending}
                onChange={(role) => role && role !== member.role && setRole(member, role as AdvertiserRole)}
              />
              <Button
                variant="subtle"
                color="red"
                aria-label={member.user_id === myId ? 'Leave the account' : `Remove ${personName(member)}`}
                leftSection={<IconUserMinus size={16} aria-hidden />}
                onClick={() => confirmRemove(member)}
              >
                {member.user_id === myId ? 'Leave' : 'Remove'}
              </Button>
            </Group>
          </ListRow>
        ))}
      </Stack>
    </Panel>
  );
}

/** Invite someone by e-mail with a role; each role is explained where it is chosen. */
export function InvitePanel() {
  const invite = useInviteMember();
  const form = useForm<{ email: string; role: AdvertiserRole }>({
    initialValues: { email: '', role: 'viewer' },
    validate: schemaResolver(inviteMemberRequestSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (invitation) => {
        notifySuccess(
          'Invitation sent',
          `${invitation.email} has a link valid until ${formatDate(invitation.expires_at)}.`,
        );
        form.reset();
      },
      onError: (error) => showFormError(form, error, 'Could not invite'),
    }),
  );
  return (
    <Panel title="Invite someone">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <EmailInput label="E-mail" style={{ flex: '1 1 16rem' }} {...form.getInputProps('email')} />
            <Select label="Role" data={ROLE_OPTIONS} allowDeselect={false} w={160} {...form.getInputProps('role')} />
          </Group>
          <Text size="sm" c="dimmed">
            {ADVERTISER_ROLE_DESCRIPTIONS[form.values.role]}
          </Text>
          <Group>
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Panel>
  );
}

/** Invitations not answered yet: send again with a new link, or withdraw. */
export function InvitationsPanel({ invitations }: { invitations: AdvertiserInvitation[] }) {
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  return (
    <Panel title="Pending invitations">
      {invitations.length === 0 ? (
        <Text c="dimmed">No invitation is waiting for an answer.</Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={listStyle} aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <ListRow key={invitation.id}>
              <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
                <Group gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Text>
                  {invitation.expired && (
                    <Badge color="gray" variant="outline">
                      Expired
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {ADVERTISER_ROLE_LABELS[invitation.role]} · sent {formatDate(invitation.invited_at)} ·{' '}
                  {invitation.expired ? 'expired' : 'valid until'} {formatDate(invitation.expires_at)}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  variant="default"
                  aria-label={`Resend the invitation to ${invitation.email}`}
                  leftSection={<IconMailForward size={16} aria-hidden />}
                  loading={resend.isPending && resend.variables === invitation.id}
                  onClick={() =>
                    resend.mutate(invitation.id, {
                      onSuccess: () =>
                        notifySuccess('Invitation sent again', `A new link went to ${invitation.email}.`),
                      onError: (error) => notifyRequestError(error, 'Could not send it again'),
                    })
                  }
                >
                  Resend
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                  leftSection={<IconTrash size={16} aria-hidden />}
                  loading={withdraw.isPending && withdraw.variables === invitation.id}
                  onClick={() =>
                    withdraw.mutate(invitation.id, {
                      onSuccess: (answer) => notifySuccess('Withdrawn', answer.message),
                      onError: (error) => notifyRequestError(error, 'Could not withdraw it'),
                    })
                  }
                >
                  Withdraw
                </Button>
              </Group>
            </ListRow>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
