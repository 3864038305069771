import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The screen after billing: the account exists and the user is signed in. */
export function SignupComplete() {
  return (
    <Stack align="center" gap="md" ta="center">
      <ThemeIcon color="green" size={72} radius="xl">
        <IconConfetti size={40} aria-hidden />
      </ThemeIcon>
      {/* Where the focus goes as sign-up arrives here (signup-page's step focus). */}
      <Title order={1} tabIndex={-1} data-autofocus>
        Your Account is ready!
      </Title>
      <Text c="dimmed">You can now create campaigns and follow their results from your dashboard.</Text>
      <Button component={Link} to={paths.dashboard} replace size="md">
        Go to dashboard
      </Button>
    </Stack>
  );
}
