import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { oneTimeCodes, type CodePurpose } from '../../db/schema';

/** docs/product/accounts.md, Codes: codes expire after 10 minutes, die after 5 wrong tries, one new code a minute. */
export const CODE_RULES = { lifetimeMs: 10 * 60_000, maxFailedAttempts: 5, resendCooldownMs: 60_000 } as const;

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'used-up' | 'missing';

const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest();

/** Issues and checks the six-digit e-mail codes of one purpose. */
export class OneTimeCodes {
  constructor(private readonly db: Database) {}

  /** Seconds to wait before another code may be sent, 0 when one may be sent now. */
  async cooldownSeconds(userId: number, purpose: CodePurpose, now: Date): Promise<number> {
    const [latest] = await this.db
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (!latest) return 0;
    const waitMs = latest.createdAt.getTime() + CODE_RULES.resendCooldownMs - now.getTime();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  /** A new random code for `email`; every earlier code of this purpose dies with it. */
  async issue(userId: number, purpose: CodePurpose, email: string, now: Date): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
    await this.db.insert(oneTimeCodes).values({
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
    const [live] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          eq(oneTimeCodes.email, email),
          isNull(oneTimeCodes.consumedAt),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (!live) return 'missing';
    if (live.expiresAt <= now) return 'expired';

    const [reserved] = await this.db
      .update(oneTimeCodes)
      .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
      .where(and(eq(oneTimeCodes.id, live.id), lt(oneTimeCodes.failedAttempts, CODE_RULES.maxFailedAttempts)))
      .returning({ id: oneTimeCodes.id });
    if (!reserved) return 'used-up';

    if (!timingSafeEqual(Buffer.from(live.codeHash, 'hex'), hashCode(userId, code))) return 'wrong';
    // The right code: it is used now, and the try it took is given back.
    await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: now, failedAttempts: sql`${oneTimeCodes.failedAttempts} - 1` })
      .where(eq(oneTimeCodes.id, live.id));
    return 'ok';
  }
}
