import { isApiError } from '@/lib/api-error';
import { navigate } from '@/lib/navigation';
import { notifyRequestError } from '@/lib/notify';
import { paths } from '@/config/paths';

const SIGNUP_ERROR_TITLE = 'Something went wrong';

/**
 * docs/product/accounts.md: a failed sign-up step shows "Something went wrong" with the server's message. A 403
 * means the sign-up session (its cookie) is gone; the message says to log in, and logging in
 * resumes the sign-up where it stopped, so the user is taken there.
 */
export function notifySignupError(error: unknown): void {
  notifyRequestError(error, SIGNUP_ERROR_TITLE, 'Please try again.');
  if (isApiError(error) && error.status === 403) navigate(paths.login, { replace: true });
}
