import type { SignInChallengeKind } from '@portal/contract';
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { signInChallenges } from '../../db/schema';

/**
 * The `sign_in_challenges` table: the second step of each login that needs one
 * (docs/decisions/025-two-factor-sign-in.md).
 */
export class SignInChallengeRepository {
  constructor(private readonly db: Database) {}

  /** Writes a new challenge; the user's expired ones go at the same time, so the table stays small without a job. */
  async create(challenge: typeof signInChallenges.$inferInsert): Promise<void> {
    await this.db
      .delete(signInChallenges)
      .where(and(eq(signInChallenges.userId, challenge.userId), lte(signInChallenges.expiresAt, challenge.createdAt)));
    await this.db.insert(signInChallenges).values(challenge);
  }

  /** The challenge of a token, whatever its state (to say why it was refused). */
  async find(tokenHash: string) {
    const [row] = await this.db.select().from(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
    return row;
  }

  /** A challenge of this kind that can still be used: not completed, not expired, tries left. */
  async findLive(tokenHash: string, kind: SignInChallengeKind, maxAttempts: number, now: Date) {
    const [row] = await this.db
      .select()
      .from(signInChallenges)
      .where(this.live(tokenHash, kind, maxAttempts, now));
    return row;
  }

  /**
   * Takes one of the challenge's tries in a single statement (UPDATE … WHERE attempts < max
   * RETURNING), before the code is checked: of any number of parallel requests, at most `max`
   * get a row back, which holds the tries taken so far, this one included.
   */
  async takeAttempt(tokenHash: string, kind: SignInChallengeKind, maxAttempts: number, now: Date) {
    const [row] = await this.db
      .update(signInChallenges)
      .set({ attempts: sql`${signInChallenges.attempts} + 1` })
      .where(this.live(tokenHash, kind, maxAttempts, now))
      .returning();
    return row;
  }

  /** Marks the challenge's sign-in done; false when another request completed it first. */
  async complete(tokenHash: string, at: Date): Promise<boolean> {
    const completed = await this.db
      .update(signInChallenges)
      .set({ usedAt: at })
      .where(and(eq(signInChallenges.tokenHash, tokenHash), isNull(signInChallenges.usedAt)))
      .returning({ tokenHash: signInChallenges.tokenHash });
    return completed.length === 1;
  }

  private live(tokenHash: string, kind: SignInChallengeKind, maxAttempts: number, now: Date) {
    return and(
      eq(signInChallenges.tokenHash, tokenHash),
      eq(signInChallenges.kind, kind),
      isNull(signInChallenges.usedAt),
      gt(signInChallenges.expiresAt, now),
      lt(signInChallenges.attempts, maxAttempts),
    );
  }
}
