import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Panel } from '@/components/panel';
import { useSession } from '@/stores/session-store';
import { ChangeEmailModal } from './change-email-modal';
import { ChangePasswordModal } from './change-password-modal';

/** E-mail and password, shown disabled; each changes through its own dialog. */
export function SignInPanel() {
  const email = useSession((s) => s.user?.email ?? '');
  const [dialog, setDialog] = useState<'email' | 'password' | null>(null);
  const close = () => setDialog(null);
  return (
    <Panel title="Sign-in details">
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="Email" value={email} disabled readOnly style={{ flex: '1 1 16rem' }} />
          <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setDialog('email')}>
            Change email
          </Button>
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {/* Only dots: the password itself is never known to the page. */}
          <TextInput
            label="Password"
            type="password"
            value="password"
            disabled
            readOnly
            autoComplete="off"
            style={{ flex: '1 1 16rem' }}
          />
          <Button
            variant="default"
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() => setDialog('password')}
          >
            Change password
          </Button>
        </Group>
      </Stack>
      <ChangeEmailModal opened={dialog === 'email'} onClose={close} />
      <ChangePasswordModal opened={dialog === 'password'} onClose={close} />
    </Panel>
  );
}
