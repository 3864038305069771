import { Alert, Box, Center, Flex, SimpleGrid, Stack } from '@mantine/core';
import { AUTH_MESSAGES } from '@portal/contract';
import { useEffect, useState } from 'react';
// Kept as its own file rather than inlined into the page's JavaScript.
import illustration from '@/assets/login-illustration.svg?no-inline';
import { sessionEndedNotice } from '@/lib/end-session';
import { sessionStore } from '@/stores/session-store';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  // docs/product/accounts.md: "On entry the sign-up step resets to 1" (and an unfinished sign-up is let go).
  useEffect(() => sessionStore.restartSignup(), []);
  // Said once after the server ended the session; a reload or a later visit does not repeat it.
  const [sessionEnded] = useState(sessionEndedNotice.pending);
  useEffect(() => sessionEndedNotice.forget(), []);

  return (
    <>
      <title>Login</title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} w="100%">
        <Center visibleFrom="md" p="xl" bg="var(--mantine-primary-color-light)">
          <Box component="img" src={illustration} alt="" w="100%" maw={520} h="auto" />
        </Center>
        {/* Centred beside the picture; on a phone the form starts at the top, under the header. */}
        <Flex justify="center" align={{ base: 'flex-start', md: 'center' }} p={{ base: 'md', sm: 'xl' }}>
          <Stack w="100%" maw={440} gap="md" align="stretch">
            {sessionEnded && (
              <Alert color="yellow" variant="light">
                {AUTH_MESSAGES.unauthenticated}
              </Alert>
            )}
            <LoginForm />
          </Stack>
        </Flex>
      </SimpleGrid>
    </>
  );
}
