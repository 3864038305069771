import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value of a read-only summary (the wizard's review, the admin review page). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
