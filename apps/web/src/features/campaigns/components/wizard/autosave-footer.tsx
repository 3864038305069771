import { Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** The sticky line that says whether the wizard's edits are kept (docs/product/campaigns.md, New-campaign wizard). */
export function AutosaveFooter({ saving }: { saving: boolean }) {
  return (
    <Group
      gap="xs"
      justify="center"
      py="xs"
      pos="sticky"
      bottom={0}
      bg="var(--mantine-color-body)"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
      role="status"
    >
      {saving ? (
        <Loader size={14} aria-hidden />
      ) : (
        <IconCircleCheck size={16} color="var(--mantine-color-green-6)" aria-hidden />
      )}
      <Text size="sm" c="dimmed">
        {saving ? 'Saving changes...' : 'All Edits Saved'}
      </Text>
    </Group>
  );
}
