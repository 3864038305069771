import { Button, Group, Stack, Text } from '@mantine/core';
import { CAMPAIGN_MESSAGES, type Campaign } from '@portal/contract';
import { Dialog } from '@/components/dialog';

/**
 * Asked before Delete is sent (docs/product/campaigns.md, Archive, restore and delete): what
 * will happen to the chosen campaigns. From Active and Pending they are archived, which a
 * Restore undoes; from Archived they go for good. Focus starts on Cancel, the safe choice.
 */
export function ConfirmArchiveDialog({
  campaigns,
  archived,
  opened,
  deleting,
  onCancel,
  onConfirm,
}: {
  /** The campaigns Delete was pressed for; kept while the dialog closes, so its text stays. */
  campaigns: Campaign[];
  /** Whether they are on the Archived tab, where Delete is for good. */
  archived: boolean;
  opened: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const count = campaigns.length;
  const what = count === 1 ? `"${campaigns[0]!.campaign_name}"` : `${count} campaigns`;
  return (
    <Dialog
      opened={opened}
      onClose={onCancel}
      title={archived ? `Delete ${what} for good?` : `Archive ${what}?`}
      centered
    >
      <Stack>
        <Text size="sm">
          {archived ? CAMPAIGN_MESSAGES.deleteConfirmation(count) : CAMPAIGN_MESSAGES.archiveConfirmation(count)}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
            Cancel
          </Button>
          <Button color="red.9" loading={deleting} onClick={onConfirm}>
            {archived ? 'Delete for good' : 'Archive'}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
