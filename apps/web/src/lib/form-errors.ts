import { isApiError } from './api-error';

/**
 * A 422 answer's field errors, one line per field, ready for a form's setErrors. The server
 * validates with the same contract schemas, so these are the messages the form would show.
 */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const entries = Object.entries(error.errors).filter(([, lines]) => lines.length > 0);
  if (entries.length === 0) return null;
  return Object.fromEntries(entries.map(([field, lines]) => [field, lines.join(' ')]));
}

/**
 * Mantine's PasswordInput shows an error without marking its input invalid (a TextInput does);
 * this adds aria-invalid so screen readers hear that the field is wrong.
 */
export function withInvalidState<T extends { error?: unknown }>(inputProps: T): T & { 'aria-invalid'?: true } {
  return inputProps.error ? { ...inputProps, 'aria-invalid': true } : inputProps;
}
