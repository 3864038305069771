import { Button, Group, Pill, Stack, TextInput } from '@mantine/core';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { addKeyword } from '../../utils/wizard-values';

/**
 * Keywords: typed one at a time, added with Enter or Add, trimmed, empty and repeated ones
 * ignored; each shows as a pill that can be removed. Below three, the field says so.
 */
export function KeywordInput({
  value,
  error,
  onChange,
}: {
  value: string[];
  /** What is wrong with the list (too few, too many), shown under the field. */
  error?: string;
  onChange: (keywords: string[]) => void;
}) {
  const [typed, setTyped] = useState('');
  const add = () => {
    onChange(addKeyword(value, typed));
    setTyped('');
  };
  return (
    <Stack gap={6}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Keywords"
          placeholder="Type a keyword"
          style={{ flex: 1 }}
          value={typed}
          maxLength={CAMPAIGN_LIMITS.keywordMaxLength}
          description={value.length < CAMPAIGN_LIMITS.minKeywords ? CAMPAIGN_MESSAGES.keywordsHint : undefined}
          error={error}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter adds the keyword instead of sending the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="light" mt={value.length < CAMPAIGN_LIMITS.minKeywords ? 44 : 25} onClick={add}>
          Add
        </Button>
      </Group>
      {value.length > 0 && (
        <Pill.Group aria-label="Keywords added">
          {value.map((keyword) => (
            <Pill
              key={keyword}
              withRemoveButton
              // Mantine hides the remove button from keyboards and screen readers; here it is a real button.
              removeButtonProps={{ 'aria-label': `Remove keyword ${keyword}`, 'aria-hidden': false, tabIndex: 0 }}
              onRemove={() => onChange(value.filter((kept) => kept !== keyword))}
            >
              {keyword}
            </Pill>
          ))}
        </Pill.Group>
      )}
    </Stack>
  );
}
