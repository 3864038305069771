import { AUTH_MESSAGES } from '@portal/contract';
import type { LimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import { tooManyRequests } from '../../lib/http-errors';

/**
 * docs/decisions/003-login-limits.md: 10 password tries per account in 15 minutes, 50 requests per
 * address a minute. A right password gives the account its tries back.
 */
export const LOGIN_LIMITS = {
  triesPerAccount: { name: 'login-failed-account', points: 10, durationSeconds: 15 * 60 },
  requestsPerAddress: { name: 'login-address', points: 50, durationSeconds: 60 },
} as const;

/**
 * The one gate in front of every check of a password someone typed: login, resuming a sign-up
 * with register, and change-password. Each try is taken from the limits atomically *before* the
 * hash is computed, so parallel guesses cannot get more than the limit between them, and a flood
 * costs a counter each, not CPU.
 */
export class PasswordTries {
  private readonly perAccount;
  private readonly perAddress;

  constructor(limiterFactory: LimiterFactory) {
    this.perAccount = limiterFactory(LOGIN_LIMITS.triesPerAccount);
    this.perAddress = limiterFactory(LOGIN_LIMITS.requestsPerAddress);
  }

  /** Takes one try for this account from this address, or throws 429 with Retry-After. */
  async take(email: string, ip: string): Promise<void> {
    const byAddress = await this.perAddress.consume(ip);
    if (!byAddress.allowed) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, byAddress.retryAfterSeconds);
    const byAccount = await this.perAccount.consume(email);
    if (!byAccount.allowed) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, byAccount.retryAfterSeconds);
  }

  /** The password was right: the account's count starts again. */
  async succeeded(email: string): Promise<void> {
    await this.perAccount.reset(email);
  }
}
