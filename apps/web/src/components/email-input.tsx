import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A TextInput for an e-mail address: the e-mail keyboard on phones, and no capitalising or
 * spell-checking to alter what is typed. Callers choose autoComplete ("username" on login).
 */
export function EmailInput(props: TextInputProps) {
  return <TextInput type="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
