import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { SIGNUP_MESSAGES } from '@portal/contract';
import type { UserRepository } from '../users';
import type { OneTimeCodeRepository } from './one-time-code.repository';
import type { CodePurpose } from '../../db/schema';
import { fieldError, tooManyRequests } from '../../lib/http-errors';

/** docs/product/accounts.md, Codes: codes expire after 10 minutes, die after 5 wrong tries, one new code a minute. */
export const CODE_RULES = { lifetimeMs: 10 * 60_000, maxFailedAttempts: 5, resendCooldownMs: 60_000 } as const;

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'used-up' | 'missing';

const CODE_CHECK_MESSAGES: Record<Exclude<CodeCheck, 'ok'>, string> = {
  wrong: SIGNUP_MESSAGES.codeWrong,
  expired: SIGNUP_MESSAGES.codeExpired,
  'used-up': SIGNUP_MESSAGES.codeUsedUp,
  missing: SIGNUP_MESSAGES.codeMissing,
};

/** A refused code as a 422 on the `otp` field, with the reason in words. */
export const codeError = (check: Exclude<CodeCheck, 'ok'>) => fieldError(422, 'otp', CODE_CHECK_MESSAGES[check]);

const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest();

/** Issues and checks the six-digit e-mail codes (sign-up, e-mail change). */
export class OneTimeCodes {
  constructor(private readonly repos: { codes: OneTimeCodeRepository; users: UserRepository }) {}

  private get codes() {
    return this.repos.codes;
  }

  /**
   * A new random code for `email`; every earlier code of this purpose dies with it. Refused with
   * 429 while the last one is under a minute old. Run it in a transaction: the user's row is
   * locked before the last code is read, so of parallel requests only the first finds the minute
   * free, and the others read its code once it commits.
   */
  async issue(userId: number, purpose: CodePurpose, email: string, now: Date): Promise<string> {
    await this.repos.users.lock(userId);
    const latest = await this.codes.latestCreatedAt(userId, purpose);
    const waitMs = latest ? latest.getTime() + CODE_RULES.resendCooldownMs - now.getTime() : 0;
    if (waitMs > 0) {
      const wait = Math.ceil(waitMs / 1000);
      throw tooManyRequests(SIGNUP_MESSAGES.codeCooldown(wait), wait);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.codes.consumeAllOfUser(userId, now, purpose);
    await this.codes.create({
      userId,
      purpose,
      email,
      codeHash: hashCode(userId, code).toString('hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_RULES.lifetimeMs),
    });
    return code;
  }

  /**
   * Checks a code against the live one sent to `email`. Each check first takes one of the five
   * tries in a single statement, so parallel guesses cannot get more than five between them;
   * once they are spent, even the right code fails.
   */
  async check(userId: number, purpose: CodePurpose, email: string, code: string, now: Date): Promise<CodeCheck> {
    const live = await this.codes.findLatestUnused(userId, purpose, email);
    if (!live) return 'missing';
    if (live.expiresAt <= now) return 'expired';
    if (!(await this.codes.takeTry(live.id, CODE_RULES.maxFailedAttempts))) return 'used-up';
    if (!timingSafeEqual(Buffer.from(live.codeHash, 'hex'), hashCode(userId, code))) return 'wrong';
    await this.codes.markUsed(live.id, now);
    return 'ok';
  }
}
