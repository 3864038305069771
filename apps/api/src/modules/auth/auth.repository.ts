import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { billingDetails, oneTimeCodes, passwordResetTokens, sessions, signupSessions, users } from '../../db/schema';
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

  /** Ends every live session of a user: after a password change or reset, or a ban. */
  async revokeAllSessions(userId: number, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  async createSignupSession(session: typeof signupSessions.$inferInsert): Promise<void> {
    await this.db.insert(signupSessions).values(session);
  }

  async findSignupSession(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(signupSessions)
      .where(and(eq(signupSessions.tokenHash, tokenHash), gt(signupSessions.expiresAt, now)))
      .limit(1);
    return row;
  }

  async deleteSignupSessions(userId: number): Promise<void> {
    await this.db.delete(signupSessions).where(eq(signupSessions.userId, userId));
  }

  async createResetToken(token: typeof passwordResetTokens.$inferInsert): Promise<void> {
    await this.db.insert(passwordResetTokens).values(token);
  }

  async findUsableResetToken(tokenHash: string, now: Date) {
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
  async useResetToken(tokenHash: string, at: Date): Promise<boolean> {
    const used = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
      .returning({ tokenHash: passwordResetTokens.tokenHash });
    return used.length === 1;
  }

  /** Every unused reset link of the user stops working: one was used, or a newer one is sent. */
  async expireResetTokens(userId: number, at: Date): Promise<void> {
    await this.db
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }

  /**
   * After a password or e-mail change, every reset link and e-mail code the user still had
   * dies: each was sent on the strength of the old password or to the old address.
   */
  async revokeOutstandingProofs(userId: number, at: Date): Promise<void> {
    await this.expireResetTokens(userId, at);
    await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: at })
      .where(and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.consumedAt)));
  }
}
