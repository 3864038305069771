import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';

/**
 * The bar over a list while rows are selected (docs/product/campaigns.md, Campaign lists):
 * how many, and what can be done with them. `onDuplicate` is left out where copies are not
 * offered (the Archived tab).
 */
export function SelectionBar({
  count,
  onCancel,
  onDuplicate,
  onDelete,
  duplicating,
  deleting,
}: {
  count: number;
  onCancel: () => void;
  onDuplicate?: () => void;
  onDelete: () => void;
  duplicating: boolean;
  deleting: boolean;
}) {
  const busy = duplicating || deleting;
  return (
    <Paper withBorder p="xs" radius="md" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500} role="status">
          {count} Campaign(s) selected
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {onDuplicate && (
            <Button
              size="xs"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={onDuplicate}
              loading={duplicating}
              disabled={deleting}
            >
              Duplicate
            </Button>
          )}
          <Button
            size="xs"
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            loading={deleting}
            disabled={duplicating}
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
