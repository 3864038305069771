import { notifications } from '@mantine/notifications';
import { GENERIC_ERROR_MESSAGE, isApiError } from './api-error';

export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'green', title, message });
}

export function notifyError(title: string, message: string): void {
  notifications.show({ color: 'red', title, message });
}

export function notifyWarning(title: string, message: string): void {
  notifications.show({ color: 'yellow', title, message });
}

/**
 * The failure toast documented in docs/product/accounts.md: the server's message, else the generic one. Errors the API
 * client already reported (a time-out) are not shown twice.
 */
export function notifyRequestError(error: unknown, title = 'Error', fallback = GENERIC_ERROR_MESSAGE): void {
  if (isApiError(error) && error.notified) return;
  notifyError(title, (isApiError(error) && error.serverMessage) || fallback);
}
