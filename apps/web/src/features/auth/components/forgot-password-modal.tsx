import { Anchor, Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { settings } from '@/config/settings';

const MODAL_ID = 'forgot-password';

// Recovery by e-mail arrives with the password-reset issue; until then the dialog says so
// plainly and points to a person who can help.
function ForgotPasswordNotice() {
  return (
    <Stack gap="md">
      <Text>Password recovery by e-mail is coming soon.</Text>
      <Text>
        Until then, write to{' '}
        <Anchor href={`mailto:${settings.supportEmail}`} underline="always">
          {settings.supportEmail}
        </Anchor>{' '}
        from the address you signed up with, and we will help you back into your account.
      </Text>
      <Button onClick={() => modals.close(MODAL_ID)} variant="default" style={{ alignSelf: 'flex-end' }}>
        Close
      </Button>
    </Stack>
  );
}

export function openForgotPasswordModal(): void {
  modals.open({ modalId: MODAL_ID, title: 'Forgot password?', centered: true, children: <ForgotPasswordNotice /> });
}
