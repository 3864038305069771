import { TWO_FACTOR_MESSAGES } from '@portal/contract';
import { isApiError } from '@/lib/api-error';

/**
 * What a refused second step of a login means for the page (docs/product/accounts.md,
 * Two-factor sign-in): `restart`, back to the password with the message (the challenge is over:
 * the fifth wrong code, expired); `field`, the message under the code (a wrong code, 401, or a
 * malformed one, 422); `toast` for anything else (too many requests, no answer).
 */
export function secondStepFailure(
  failure: unknown,
): { kind: 'restart'; message: string } | { kind: 'field'; message: string } | { kind: 'toast' } {
  if (!isApiError(failure)) return { kind: 'toast' };
  if (failure.status === 403)
    return { kind: 'restart', message: failure.serverMessage ?? TWO_FACTOR_MESSAGES.challengeEnded };
  if (failure.status === 401) return { kind: 'field', message: failure.message };
  const fieldMessage = Object.values(failure.errors).flat()[0];
  if (failure.status === 422 && fieldMessage) return { kind: 'field', message: fieldMessage };
  return { kind: 'toast' };
}
