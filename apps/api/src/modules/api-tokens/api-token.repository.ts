import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { apiTokens, users, type ApiTokenRow } from '../../db/schema';

/** A token with what the access hook needs of its user. */
export interface FoundApiToken {
  token: ApiTokenRow;
  user: { id: number; roleId: number; status: boolean };
}

/** The key of the advisory lock that serialises one user's token creations (with the user's id). */
const CREATION_LOCK = 30_001;

/** The `api_tokens` table (docs/product/accounts.md, API tokens). */
export class ApiTokenRepository {
  constructor(private readonly db: Database) {}

  /**
   * Holds, until the transaction ends, the lock under which a user's tokens are counted and one
   * is added, so that two creations at once cannot both pass the limit.
   */
  async lockCreations(userId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${CREATION_LOCK}::int, ${userId}::int)`);
  }

  async countActive(userId: number, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
    return row?.n ?? 0;
  }

  async insert(values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
    const [row] = await this.db.insert(apiTokens).values(values).returning();
    return row!;
  }

  /** The user's tokens that are neither revoked nor expired, newest first. */
  listActive(userId: number, now: Date): Promise<ApiTokenRow[]> {
    return this.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  }

  /** Revokes one of the user's tokens; false when it is not theirs or already revoked. */
  async revoke(userId: number, id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    return rows.length > 0;
  }

  async findByHash(tokenHash: string): Promise<FoundApiToken | undefined> {
    const [row] = await this.db
      .select({ token: apiTokens, user: { id: users.id, roleId: users.roleId, status: users.status } })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, tokenHash));
    return row;
  }

  /** Writes the last use, unless it was written less than `stepMs` ago (then nothing is written). */
  async touch(id: number, now: Date, stepMs: number): Promise<void> {
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, id),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - stepMs))),
        ),
      );
  }
}
