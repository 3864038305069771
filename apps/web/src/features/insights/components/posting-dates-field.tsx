import { Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { STATISTICS_MESSAGES, parseIsoDate } from '@portal/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatDateTime } from '@/lib/format';
import { statisticsDateTime, type EditMetricsValues } from './edit-metrics-values';

/** "18 Nov 2026, 10:30 UTC" of a datetime-local value (UTC). */
const postingDateLabel = (value: string) => formatDateTime(parseIsoDate(value)) || value;

/**
 * The Edit metrics dialog's posting dates: a date and time typed, then added to the list with
 * "Add date" (or Enter), each removable. What is typed stays here until it is added; the list
 * is the form's `dates`.
 */
export function PostingDatesField({ form }: { form: UseFormReturnType<EditMetricsValues> }) {
  const postingInput = useRef<HTMLInputElement>(null);
  const [posting, setPosting] = useState('');
  const [postingError, setPostingError] = useState<string>();

  const addPostingDate = () => {
    if (!statisticsDateTime(posting)) {
      setPostingError(posting ? STATISTICS_MESSAGES.dateInvalid : STATISTICS_MESSAGES.dateRequired);
      postingInput.current?.focus();
      return;
    }
    if (!form.values.dates.includes(posting)) form.insertListItem('dates', posting);
    form.clearFieldError('dates');
    setPosting('');
    setPostingError(undefined);
  };

  const removePostingDate = (index: number) => {
    form.removeListItem('dates', index);
    // The removed button took the focus with it; the date input is where the list is added to.
    postingInput.current?.focus();
  };

  const onPostingKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the date rather than sending the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      addPostingDate();
    }
  };

  return (
    <>
      <TextInput
        ref={postingInput}
        type="datetime-local"
        label="Posting date and time (UTC)"
        description="When the ad was posted; add each date, at least one"
        value={posting}
        error={postingError ?? form.errors.dates}
        onChange={(event) => {
          setPosting(event.currentTarget.value);
          setPostingError(undefined);
        }}
        onKeyDown={onPostingKeyDown}
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1 }}>{input}</div>
            <Button variant="light" onClick={addPostingDate}>
              Add date
            </Button>
          </Group>
        )}
      />
      {form.values.dates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No posting dates added yet
        </Text>
      ) : (
        <Stack component="ul" gap={4} aria-label="Posting dates" m={0} p={0} style={{ listStyle: 'none' }}>
          {form.values.dates.map((value, index) => (
            <Group component="li" key={`${index} ${value}`} gap="xs" wrap="nowrap">
              <Text size="sm">{postingDateLabel(value)}</Text>
              <CloseButton
                size="sm"
                aria-label={`Remove ${postingDateLabel(value)}`}
                onClick={() => removePostingDate(index)}
              />
            </Group>
          ))}
        </Stack>
      )}
    </>
  );
}
