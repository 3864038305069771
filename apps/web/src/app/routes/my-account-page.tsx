import { Stack, Text } from '@mantine/core';
import { CurrentSession } from '@/features/account/components/current-session';
import { LogoutButton } from '@/features/auth/components/logout-button';

/** My account (customers and admins alike): the account feature's session, the auth feature's logout. */
export function MyAccountPage() {
  return (
    <Stack gap="lg">
      <Text c="dimmed">
        Changing your profile picture, name, billing details, e-mail address and password from here is coming soon.
      </Text>
      <CurrentSession action={<LogoutButton />} />
    </Stack>
  );
}
