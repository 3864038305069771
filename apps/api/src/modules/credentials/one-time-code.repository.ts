import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { oneTimeCodes, type CodePurpose } from '../../db/schema';

/** The `one_time_codes` table: hashed e-mail codes (the rules are in one-time-codes.ts). */
export class OneTimeCodeRepository {
  constructor(private readonly db: Database) {}

  async latestCreatedAt(userId: number, purpose: CodePurpose): Promise<Date | undefined> {
    const [latest] = await this.db
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    return latest?.createdAt;
  }

  async create(code: typeof oneTimeCodes.$inferInsert): Promise<void> {
    await this.db.insert(oneTimeCodes).values(code);
  }

  /** The newest unused code of this purpose sent to `email`. */
  async findLatestUnused(userId: number, purpose: CodePurpose, email: string) {
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
    return live;
  }

  /** Takes one try in a single statement; false once `maxTries` are spent. */
  async takeTry(id: number, maxTries: number): Promise<boolean> {
    const [reserved] = await this.db
      .update(oneTimeCodes)
      .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
      .where(and(eq(oneTimeCodes.id, id), lt(oneTimeCodes.failedAttempts, maxTries)))
      .returning({ id: oneTimeCodes.id });
    return reserved !== undefined;
  }

  /** The right code: used now, and the try it took given back. */
  async markUsed(id: number, at: Date): Promise<void> {
    await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: at, failedAttempts: sql`${oneTimeCodes.failedAttempts} - 1` })
      .where(eq(oneTimeCodes.id, id));
  }

  /** Every unused code of the user (of one purpose, or all) stops working. */
  async consumeAllOfUser(userId: number, at: Date, purpose?: CodePurpose): Promise<void> {
    await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: at })
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          purpose ? eq(oneTimeCodes.purpose, purpose) : undefined,
          isNull(oneTimeCodes.consumedAt),
        ),
      );
  }
}
