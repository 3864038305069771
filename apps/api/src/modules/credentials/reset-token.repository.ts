import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { passwordResetTokens } from '../../db/schema';

/** The `password_reset_tokens` table: the hashes of e-mailed reset links. */
export class ResetTokenRepository {
  constructor(private readonly db: Database) {}

  async create(token: typeof passwordResetTokens.$inferInsert): Promise<void> {
    await this.db.insert(passwordResetTokens).values(token);
  }

  async findUsable(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /** Marks the token used; false when another request used it first. */
  async use(tokenHash: string, at: Date): Promise<boolean> {
    const used = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ tokenHash: passwordResetTokens.tokenHash });
    return used.length === 1;
  }

  /** Every unused reset link of the user stops working: one was used, a newer one is sent, or the user changed. */
  async expireAllOfUser(userId: number, at: Date): Promise<void> {
    await this.db
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }
}
