import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { DECLINE_REASON_LIMITS, DECLINE_REASON_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { useDeclineReasons } from '../api/decline-reasons';

/** What a decline sends: a reason in use and, optionally, a note. */
export interface DeclineChoice {
  decline_reason_code: string;
  decline_note?: string;
}

interface DeclineFormProps {
  campaignName: string;
  declining: boolean;
  onCancel: () => void;
  onDecline: (choice: DeclineChoice) => void;
}

/**
 * The reason, the note and the buttons. It holds them itself and is made anew at each opening,
 * so a dialog closed with Escape or Cancel opens empty next time: a note kept from before was
 * typed onto, and reached the customer twice.
 */
function DeclineForm({ campaignName, declining, onCancel, onDecline }: DeclineFormProps) {
  const reasons = useDeclineReasons();
  const [code, setCode] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const inUse = (reasons.data ?? []).filter((reason) => reason.retired_at === null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!code) return setMissing(true);
        onDecline({ decline_reason_code: code, decline_note: note.trim() || undefined });
      }}
    >
      <Stack>
        <Text size="sm">
          Tell the customer why &ldquo;{campaignName}&rdquo; is declined. They can edit it and send it again.
        </Text>
        <Select
          label="Reason"
          placeholder={reasons.isPending ? 'Loading the reasons…' : 'Choose a reason'}
          data={inUse.map((reason) => ({ value: reason.code, label: reason.text }))}
          value={code}
          onChange={(value) => {
            setCode(value);
            setMissing(false);
          }}
          error={missing ? DECLINE_REASON_MESSAGES.codeRequired : undefined}
          required
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Note (optional)"
          autosize
          minRows={3}
          maxLength={DECLINE_REASON_LIMITS.noteMaxLength}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          description={`${note.length}/${DECLINE_REASON_LIMITS.noteMaxLength} characters`}
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
 * Asks the administrator why the campaign is declined (docs/product/review.md, Decline): one of
 * the reasons in use and a note; the customer reads both. Focus starts on the reason and
 * returns to Decline on close.
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
  onDecline: (choice: DeclineChoice) => void;
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
