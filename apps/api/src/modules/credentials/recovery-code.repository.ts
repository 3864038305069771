import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { recoveryCodes } from '../../db/schema';

/** The `recovery_codes` table: the hashes of each user's single-use recovery codes. */
export class RecoveryCodeRepository {
  constructor(private readonly db: Database) {}

  /** The user's codes become these: every earlier one, used or not, is gone. */
  async replaceAll(userId: number, hashes: string[], at: Date): Promise<void> {
    await this.deleteAllOfUser(userId);
    await this.db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
  }

  /** Marks the code used in a single statement; false when it is unknown or another request used it first. */
  async use(userId: number, codeHash: string, at: Date): Promise<boolean> {
    const used = await this.db
      .update(recoveryCodes)
      .set({ usedAt: at })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length === 1;
  }

  async countUnused(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ unused: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.unused ?? 0;
  }

  async deleteAllOfUser(userId: number): Promise<void> {
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  }
}
