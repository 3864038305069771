import { Button, Center, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An honest placeholder for an auth page whose flow arrives in a later release. */
export function ComingSoon({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <Center w="100%" p="md">
      <EmptyState icon={icon} withIndicatorBackground size="lg">
        <EmptyState.Title order={1}>{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/">
            Back to login
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
