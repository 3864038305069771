import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { twoFactor } from '../../db/schema';

/** The `two_factor` table: each user's authenticator secret, pending or on (the rules are in second-factor.ts). */
export class TwoFactorRepository {
  constructor(private readonly db: Database) {}

  async find(userId: number) {
    const [row] = await this.db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    return row;
  }

  /**
   * Keeps `secret` as the user's pending one, replacing an earlier pending secret; false when
   * two-factor sign-in is already on, which this never changes.
   */
  async startEnrolment(userId: number, secret: string, at: Date): Promise<boolean> {
    const saved = await this.db
      .insert(twoFactor)
      .values({ userId, secret, createdAt: at })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secret, createdAt: at, lastUsedStep: null },
        setWhere: isNull(twoFactor.enabledAt),
      })
      .returning({ userId: twoFactor.userId });
    return saved.length === 1;
  }

  /**
   * Turns the pending secret on with the step of its first code, in one statement: of two
   * confirmations at once only one does it. False when it was not pending any more.
   */
  async enable(userId: number, step: number, at: Date): Promise<boolean> {
    const enabled = await this.db
      .update(twoFactor)
      .set({ enabledAt: at, lastUsedStep: step })
      .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt), this.before(step)))
      .returning({ userId: twoFactor.userId });
    return enabled.length === 1;
  }

  /**
   * Records `step` as the last one used, only if it is later than the one recorded: a single
   * statement, so that of requests carrying the same code only one gets true (no replay).
   */
  async claimStep(userId: number, step: number): Promise<boolean> {
    const claimed = await this.db
      .update(twoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt), this.before(step)))
      .returning({ userId: twoFactor.userId });
    return claimed.length === 1;
  }

  async remove(userId: number): Promise<void> {
    await this.db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  }

  private before(step: number) {
    return or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step));
  }
}
