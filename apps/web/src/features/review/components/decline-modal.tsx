import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_LIMITS } from '@portal/contract';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';

interface DeclineFormProps {
  campaignName: string;
  declining: boolean;
  onCancel: () => void;
  onDecline: (reason: string) => void;
}

/**
 * The reason and the buttons. It holds the reason itself and is made anew at each opening, so
 * a dialog closed with Escape or Cancel opens empty next time: a reason kept from before was
 * typed onto, and reached the customer twice.
 */
function DeclineForm({ campaignName, declining, onCancel, onDecline }: DeclineFormProps) {
  const [reason, setReason] = useState('');
  return (
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
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red.9" loading={declining}>
            Decline
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

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
  // Each opening gets a new form (its key), which stays drawn while the dialog fades out.
  const [openings, setOpenings] = useState(opened ? 1 : 0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings(openings + 1);
  }
  return (
    <Dialog opened={opened} onClose={onClose} title="Decline campaign" centered>
      <DeclineForm
        key={openings}
        campaignName={campaignName}
        declining={declining}
        onCancel={onClose}
        onDecline={onDecline}
      />
    </Dialog>
  );
}
