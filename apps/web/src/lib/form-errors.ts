import { useCallback, useEffect, useState } from 'react';
import { isApiError } from './api-error';
import { notifyRequestError } from './notify';

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
 * A refused form: a 422's messages under their fields, and the failure toast with the server's
 * message (`title` and `fallback` as `notifyRequestError` takes them).
 */
export function showFormError(
  form: { setErrors: (errors: Record<string, string>) => void },
  error: unknown,
  title?: string,
  fallback?: string,
): void {
  const fieldErrors = serverFieldErrors(error);
  if (fieldErrors) form.setErrors(fieldErrors);
  notifyRequestError(error, title, fallback);
}

/**
 * Mantine's PasswordInput shows an error without marking its input invalid (a TextInput does);
 * this adds aria-invalid so screen readers hear that the field is wrong.
 */
export function withInvalidState<T extends { error?: unknown }>(inputProps: T): T & { 'aria-invalid'?: true } {
  return inputProps.error ? { ...inputProps, 'aria-invalid': true } : inputProps;
}

/**
 * Brings the keyboard to the first field of a form that says it is wrong, once its message has
 * rendered: call the returned function where the errors are set, with the form (and, when it
 * may have no field marked invalid, a `fallback` to focus instead). Without it the focus stays
 * on the submit button, or is nowhere at all when that button was disabled while the server
 * answered (a browser drops a disabled element's focus). An effect rather than a timer: a
 * server's answer renders on React's schedule, which a frame may come before.
 */
export function useFocusFirstInvalid(): (container: HTMLElement | null, fallback?: () => HTMLElement | null) => void {
  const [request, setRequest] = useState<FocusRequest | null>(null);
  useEffect(() => {
    if (!request) return;
    const invalid = request.container?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? request.fallback?.())?.focus();
  }, [request]);
  // A new object each time, so that asking twice for the same form focuses twice.
  return useCallback((container, fallback) => setRequest({ container, fallback }), []);
}

interface FocusRequest {
  container: HTMLElement | null;
  fallback?: () => HTMLElement | null;
}
