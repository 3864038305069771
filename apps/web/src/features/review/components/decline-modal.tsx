import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_LIMITS } from '@portal/contract';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';

/**
 * Asks the administrator why the campaign is declined (docs/product/review.md, Decline); the
 * customer reads the reason. Focus starts in the reason and returns to Decline on close.
 */
export function DeclineModal({
  opened,
  campaignName,
  declining,
  onClose,
  onDecline,
}: {
  opened: boolean;
  campaignName: string;
  declining: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog opened={opened} onClose={onClose} title="Decline campaign" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onDecline(reason.trim());
        }}
      >
        <Stack>
          <Text size="sm">
            Tell the customer why &ldquo;{campaignName}&rdquo; is declined. They can edit it and send it again.
          </Text>
          <Textarea
            label="Reason"
            autosize
            minRows={3}
            maxLength={REVIEW_LIMITS.reasonMaxLength}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            description={`${reason.length}/${REVIEW_LIMITS.reasonMaxLength} characters`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={declining}>
              Decline
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
