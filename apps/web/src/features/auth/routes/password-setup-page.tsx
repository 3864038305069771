import { Button, Center, Flex, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ProgressSuccess } from '@/components/progress-success';
import { GENERIC_ERROR_MESSAGE, isApiError } from '@/lib/api-error';
import { useResetLink } from '../api/check-reset-link';
import { ForgotPassword } from '../components/forgot-password-modal';
import { ResetPasswordForm } from '../components/reset-password-form';
import { paths } from '@/config/paths';

function LinkUnusable({ message }: { message: string }) {
  return (
    <Stack align="center" gap="md" ta="center">
      <IconLinkOff size={48} aria-hidden />
      <Title order={1}>This link cannot be used</Title>
      <Text>{message}</Text>
      <ForgotPassword>{(open) => <Button onClick={open}>Ask for a new link</Button>}</ForgotPassword>
    </Stack>
  );
}

/**
 * Set a new password from an e-mailed link (/password-setup/:linkhash). The link is checked
 * first, so a dead one says why and offers a new one instead of a form that cannot work.
 */
export function PasswordSetupPage() {
  const { linkhash = '' } = useParams();
  const navigate = useNavigate();
  const link = useResetLink(linkhash);
  const [updated, setUpdated] = useState(false);

  let content;
  if (updated) {
    content = (
      <ProgressSuccess
        title="Password updated!"
        message="You'll have to login using your new password"
        progressLabel="Going to the login page"
        titleOrder={1}
        onDone={() => navigate(paths.login, { replace: true })}
      />
    );
  } else if (link.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label="Checking your link" />
      </Center>
    );
  } else if (link.isError) {
    const message =
      isApiError(link.error) && link.error.serverMessage ? link.error.serverMessage : GENERIC_ERROR_MESSAGE;
    content = <LinkUnusable message={message} />;
  } else {
    content = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Set a new password</Title>
          <Text c="dimmed">Choose the password you will log in with from now on.</Text>
        </Stack>
        <ResetPasswordForm linkhash={linkhash} onDone={() => setUpdated(true)} />
      </Stack>
    );
  }

  return (
    <Flex justify="center" w="100%" p={{ base: 'md', sm: 'xl' }}>
      <title>Set a new password</title>
      <Stack w="100%" maw={440}>
        {content}
      </Stack>
    </Flex>
  );
}
