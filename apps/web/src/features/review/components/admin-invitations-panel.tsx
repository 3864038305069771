import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { inviteAdminRequestSchema } from '@portal/contract';
import { IconSend } from '@tabler/icons-react';
import { EmailInput } from '@/components/email-input';
import { Panel } from '@/components/panel';
import { formatDate } from '@/lib/format';
import { showFormError } from '@/lib/form-errors';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useAdminInvitations, useInviteAdmin, useWithdrawAdminInvitation } from '../api/advertisers';

/**
 * Invite another administrator by e-mail (docs/product/teams.md, Invitations); the invitations
 * not answered yet, to withdraw.
 */
export function AdminInvitationsPanel() {
  const invite = useInviteAdmin();
  const withdraw = useWithdrawAdminInvitation();
  const pending = useAdminInvitations();
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(inviteAdminRequestSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    invite.mutate(values.email, {
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
    <Panel title="Invite an administrator">
      <Stack gap="md">
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <EmailInput label="E-mail" style={{ flex: '1 1 16rem' }} {...form.getInputProps('email')} />
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </form>
        {(pending.data ?? []).length > 0 && (
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Pending administrator invitations"
          >
            {pending.data!.map((invitation) => (
              <Group component="li" key={invitation.id} justify="space-between" gap="sm">
                <Group gap="xs">
                  <Text size="sm">{invitation.email}</Text>
                  <Text size="xs" c="dimmed">
                    {invitation.expired ? 'expired' : 'valid until'} {formatDate(invitation.expires_at)}
                  </Text>
                  {invitation.expired && (
                    <Badge variant="outline" color="gray">
                      Expired
                    </Badge>
                  )}
                </Group>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
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
            ))}
          </Stack>
        )}
      </Stack>
    </Panel>
  );
}
