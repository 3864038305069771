import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { signupSessions } from '../../db/schema';

/** The `signup_sessions` table: what each sign-up cookie stands for (decision 007). */
export class SignupSessionRepository {
  constructor(private readonly db: Database) {}

  async create(session: typeof signupSessions.$inferInsert): Promise<void> {
    await this.db.insert(signupSessions).values(session);
  }

  async findLive(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(signupSessions)
      .where(and(eq(signupSessions.tokenHash, tokenHash), gt(signupSessions.expiresAt, now)))
      .limit(1);
    return row;
  }

  async deleteAllOfUser(userId: number): Promise<void> {
    await this.db.delete(signupSessions).where(eq(signupSessions.userId, userId));
  }
}
