import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { billingDetails, sessions, users, type NewUser } from '../../db/schema';
import type { ClientInfo } from '../../lib/client-info';

export interface NewSession extends ClientInfo {
  userId: number;
  tokenHash: string;
  remember: boolean;
  expiresAt: Date;
}

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findUserByEmail(email: string) {
    const [row] = await this.db
      .select({ user: users, billing: billingDetails })
      .from(users)
      .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
      .where(eq(users.email, email))
      .limit(1);
    return row;
  }

  /** Inserts the user unless the e-mail is taken (even by a concurrent insert); undefined then. */
  async createUserIfAbsent(user: NewUser) {
    const [created] = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return created;
  }

  async emailExists(email: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return row !== undefined;
  }

  async createSession(session: NewSession) {
    const [created] = await this.db.insert(sessions).values(session).returning();
    return created!;
  }

  async recordLogin(userId: number, at: Date): Promise<void> {
    await this.db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
  }

  /** The live session for a token hash, with the fields of its user that access checks need. */
  async findLiveSession(tokenHash: string, now: Date) {
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

  async revokeSession(sessionId: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }
}
