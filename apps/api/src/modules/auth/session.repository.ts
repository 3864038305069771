import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions, users } from '../../db/schema';
import type { ClientInfo } from '../../lib/client-info';

export interface NewSession extends ClientInfo {
  userId: number;
  tokenHash: string;
  remember: boolean;
  expiresAt: Date;
}

/** The `sessions` table: one row per bearer token, kept after it ends. */
export class SessionRepository {
  constructor(private readonly db: Database) {}

  async create(session: NewSession) {
    const [created] = await this.db.insert(sessions).values(session).returning();
    return created!;
  }

  async findById(sessionId: string) {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    return row;
  }

  /** The live session for a token hash, with the fields of its user that access checks need. */
  async findLive(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select({
        session: sessions,
        user: { id: users.id, roleId: users.roleId, status: users.status, email: users.email },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    return row;
  }

  async revoke(sessionId: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of a user: after a password change or reset, or a ban. */
  async revokeAllOfUser(userId: number, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
