import { TextInput } from '@mantine/core';

/**
 * A day typed or picked, `YYYY-MM-DD` ('' while there is none): the browser's date field, half
 * the row on a phone so that a From and a To sit side by side.
 */
export function DayField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (day: string) => void;
}) {
  return (
    <TextInput
      type="date"
      label={label}
      value={value}
      error={error}
      w={{ base: 'calc(50% - 6px)', xs: 170 }}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
