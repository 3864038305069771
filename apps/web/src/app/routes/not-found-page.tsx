import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <title>Page not found</title>
      <Stack align="center" gap="md" ta="center">
        <Title order={1} fz={{ base: 56, sm: 96 }} lh={1} c="var(--mantine-color-anchor)">
          ERROR
        </Title>
        <Text size="lg">We can&apos;t seem to find the page you are looking for!</Text>
        <Button component={Link} to={paths.login}>
          Back to Home Page
        </Button>
      </Stack>
    </Center>
  );
}
