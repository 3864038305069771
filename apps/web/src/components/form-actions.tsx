import { Button, Group } from '@mantine/core';

/** A dialog form's buttons, at its bottom right: Cancel, then the submit button that says what it does. */
export function FormActions({
  submitLabel,
  loading,
  disabled,
  onCancel,
}: {
  submitLabel: string;
  loading: boolean;
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
