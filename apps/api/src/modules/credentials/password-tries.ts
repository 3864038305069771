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
 * with register, and change-password; and of every code of two-factor sign-in
 * (docs/decisions/025-two-factor-sign-in.md). Each try is taken from the limits atomically
 * *before* the hash is computed, so parallel guesses cannot get more than the limit between
 * them, and a flood costs a counter each, not CPU.
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
    await this.takeForAddress(ip);
    const byAccount = await this.perAccount.consume(email);
    if (!byAccount.allowed) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, byAccount.retryAfterSeconds);
  }

  /**
   * Takes one request of this address, or throws 429: for the second step of a login, whose
   * account is known only once its challenge is read.
   */
  async takeForAddress(ip: string): Promise<void> {
    const byAddress = await this.perAddress.consume(ip);
    if (!byAddress.allowed) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts, byAddress.retryAfterSeconds);
  }

  /**
   * A wrong code in the second step of a login: one more try of the account's, so that someone
   * who has the password gets no more guesses at codes than at passwords.
   */
  async failed(email: string): Promise<void> {
    await this.perAccount.consume(email);
  }

  /** The password was right (and, with two-factor sign-in, the code): the account's count starts again. */
  async succeeded(email: string): Promise<void> {
    await this.perAccount.reset(email);
  }
}
