import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { withInvalidState } from '@/lib/form-errors';

/** A PasswordInput whose show/hide toggle is reachable by keyboard and named unambiguously. */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      // The default name contains "password", which would make the field's label ambiguous.
      visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
      {...withInvalidState(props)}
    />
  );
}
