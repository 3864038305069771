import { and, desc, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions, users } from '../../db/schema';
import type { ClientInfo } from '../../lib/client-info';
import type { SessionCache } from './session-cache';

export interface NewSession extends ClientInfo {
  userId: number;
  tokenHash: string;
  remember: boolean;
  expiresAt: Date;
}

/**
 * The NOTIFY channel that tells every process of each session just revoked: `{userId}:{sessionId}`.
 * Sent in the revoking statement, so it is delivered when its transaction commits (decision 014).
 */
export const SESSIONS_REVOKED_CHANNEL = 'sessions_revoked';

export type LiveSession = NonNullable<Awaited<ReturnType<SessionRepository['lookUpLive']>>>;

/**
 * The `sessions` table: one row per bearer token, kept after it ends. Live lookups go through
 * the process's session cache (decision 013); every revocation forgets what it revokes.
 */
export class SessionRepository {
  constructor(
    private readonly db: Database,
    private readonly cache?: SessionCache<LiveSession>,
  ) {}

  /**
   * Sets the user's last login to `at`, which also locks their row until the transaction ends:
   * logins of one user take turns from here, so that what `history` counts next includes every
   * session committed before and the limit of sessions holds under parallel logins.
   */
  async recordLogin(userId: number, at: Date): Promise<void> {
    await this.db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
  }

  async create(session: NewSession, at: Date) {
    const [created] = await this.db
      .insert(sessions)
      .values({ ...session, createdAt: at, lastActiveAt: at })
      .returning();
    return created!;
  }

  /**
   * The live session for a token hash, with the fields of its user that access checks need;
   * from the cache when it was looked up less than a second ago.
   */
  async findLive(tokenHash: string, now: Date): Promise<LiveSession | undefined> {
    const cached = this.cache?.get(tokenHash, now);
    if (cached) return cached;
    const row = await this.lookUpLive(tokenHash, now);
    if (row) {
      this.cache?.set(
        tokenHash,
        { row, sessionId: row.session.id, userId: row.user.id, expiresAt: row.session.expiresAt },
        now,
      );
    }
    return row;
  }

  private async lookUpLive(tokenHash: string, now: Date) {
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

  /**
   * Of the given sessions, those that still stand: not revoked, not expired, their user not
   * banned. One query for any number (the open streams' heartbeat), never cached.
   */
  async liveAmong(sessionIds: readonly string[], now: Date): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          // One array parameter: the statement stays the same whatever the number of streams.
          sql`${sessions.id} = any(${sql.param(sessionIds)}::uuid[])`,
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          eq(users.status, true),
        ),
      );
    return new Set(rows.map((row) => row.id));
  }

  async revoke(sessionId: string, at: Date): Promise<void> {
    this.cache?.forgetSession(sessionId);
    await this.revokeWhere(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)), at);
  }

  /** What a new login needs to know of the user's earlier sessions: how many stand, and whether this device was seen. */
  async history(userId: number, device: { os: string; browser: string }, now: Date) {
    const [row] = await this.db
      .select({
        earlier: sql<number>`count(*)::int`,
        live: sql<number>`(count(*) filter (where ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${now}))::int`,
        deviceSeen: sql<boolean>`coalesce(bool_or(${sessions.os} = ${device.os} and ${sessions.browser} = ${device.browser}), false)`,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return row!;
  }

  /** The user's sessions that stand, newest first. */
  listLive(userId: number, now: Date) {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt), desc(sessions.id));
  }

  /** Marks the session active at `at`, unless it was within `step` already (one write per step at most). */
  async touch(sessionId: string, at: Date, stepMs: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastActiveAt: at })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastActiveAt, new Date(at.getTime() - stepMs))));
  }

  /** Ends one of the user's sessions; resolves with how many that stood were ended (0 or 1). */
  async revokeOfUser(userId: number, sessionId: string, at: Date): Promise<number> {
    this.cache?.forgetSession(sessionId);
    return this.revokeWhere(
      and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)),
      at,
    );
  }

  /** Ends every session of the user but `keep`; resolves with how many that stood were ended. */
  async revokeOthersOfUser(userId: number, keep: string, at: Date): Promise<number> {
    this.cache?.forgetUser(userId);
    return this.revokeWhere(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)), at);
  }

  /** Ends the user's oldest standing sessions beyond the newest `keep` (MAX_LIVE_SESSIONS_PER_USER). */
  async revokeBeyond(userId: number, keep: number, now: Date): Promise<number> {
    this.cache?.forgetUser(userId);
    const newest = this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(keep);
    return this.revokeWhere(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        sql`${sessions.id} not in (${newest})`,
      ),
      now,
    );
  }

  /** Ends every live session of a user: after a password change or reset, or a ban. */
  async revokeAllOfUser(userId: number, at: Date): Promise<void> {
    this.cache?.forgetUser(userId);
    await this.revokeWhere(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)), at);
  }

  /**
   * Revokes the sessions `where` selects and, in the same statement, announces each that had not
   * expired on SESSIONS_REVOKED_CHANNEL, so that every process ends the streams open on them as
   * soon as the caller's transaction commits. Expired ones are left out: nothing accepts them
   * already, and a stream still open on one ends at its next heartbeat. Resolves with how many
   * that stood were ended.
   */
  private async revokeWhere(where: SQL | undefined, at: Date): Promise<number> {
    const revoked = this.db
      .$with('revoked')
      .as(
        this.db
          .update(sessions)
          .set({ revokedAt: at })
          .where(where)
          .returning({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt }),
      );
    const announced = await this.db
      .with(revoked)
      .select({
        announced: sql`pg_notify(${SESSIONS_REVOKED_CHANNEL}, concat(${revoked.userId}, ':', ${revoked.id}))`,
      })
      .from(revoked)
      .where(gt(revoked.expiresAt, at));
    return announced.length;
  }
}
