import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions } from '../../db/schema';

export class AccountRepository {
  constructor(private readonly db: Database) {}

  async findSession(sessionId: string) {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    return row;
  }
}
