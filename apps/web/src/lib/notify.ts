import { notifications } from '@mantine/notifications';
import { GENERIC_ERROR_MESSAGE, isApiError, type ApiError } from './api-error';

/**
 * Every toast is a live region, so screen readers read it out as it appears without taking the
 * focus (docs/accessibility.md, Toasts). Outcomes are "status" (polite: read once the reader
 * is idle); failures and warnings are "alert" (assertive: read at once). Mantine makes every
 * toast an alert.
 */
export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'green', title, message, role: 'status' });
}

export function notifyError(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, role: 'alert' });
}

export function notifyInfo(title: string, message: string): void {
  notifications.show({ color: 'blue', title, message, role: 'status' });
}

export function notifyWarning(title: string, message: string): void {
  notifications.show({ color: 'yellow', title, message, role: 'alert' });
}

/**
 * The failure toast documented in docs/product/accounts.md: the server's message, else the generic one. Errors the API
 * client already reported (a time-out) are not shown twice.
 */
export function notifyRequestError(error: unknown, title = 'Error', fallback = GENERIC_ERROR_MESSAGE): void {
  if (isApiError(error) && error.notified) return;
  notifyError(title, (isApiError(error) && error.serverMessage) || fallback);
}

/** A 422's field errors as the toast lists them: "field: messages", one field per line. */
function validationLines(errors: Record<string, string[]>): string {
  return Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('\n');
}

/** The "Validation Error" toast of a 422 answer (docs/product/accounts.md, API conventions). */
export function notifyValidationError(error: ApiError): void {
  notifyError('Validation Error', validationLines(error.errors));
}

/**
 * The failure toast of an action with its own title: a 422 with field errors as "Validation
 * Error" lines, anything else with the server's message or `fallback`.
 */
export function notifyActionError(error: unknown, title: string, fallback = GENERIC_ERROR_MESSAGE): void {
  if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
    notifyValidationError(error);
    return;
  }
  notifyRequestError(error, title, fallback);
}
