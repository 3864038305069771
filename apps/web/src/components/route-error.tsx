import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect } from 'react';
import { useRouteError } from 'react-router';
import { removeShell } from '@/app/shell/shell-boot';

/**
 * The last line of defence when a page throws or its code cannot be fetched (most often a
 * deploy replaced the files an open tab still asks for): say so and offer a reload.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  // Shown instead of the root layout, so it takes the page shell away itself (decision 017).
  useLayoutEffect(removeShell, []);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">The page could not be shown. Reloading usually fixes this.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
