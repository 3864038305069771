import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { declineReasons, type DeclineReasonRow } from '../../db/schema';

/** The `decline_reasons` table (docs/product/review.md, Decline reasons). Rows are never deleted. */
export class DeclineReasonRepository {
  constructor(private readonly db: Database) {}

  /** Every reason, in use and retired, in the order they were added. */
  all(): Promise<DeclineReasonRow[]> {
    return this.db.select().from(declineReasons).orderBy(asc(declineReasons.createdAt), asc(declineReasons.code));
  }

  /** Runs the additions one at a time until the transaction ends, so two at once cannot pass the limit together. */
  async lockAdditions(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext('decline_reasons'))`);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(declineReasons);
    return row?.total ?? 0;
  }

  /**
   * The reason if it is in use, locked against a retire until the transaction ends, so a decline
   * never names a reason retired while it was being made.
   */
  async lockInUse(code: string): Promise<DeclineReasonRow | undefined> {
    const [row] = await this.db
      .select()
      .from(declineReasons)
      .where(and(eq(declineReasons.code, code), isNull(declineReasons.retiredAt)))
      .for('share');
    return row;
  }

  /** Adds the reason; undefined when its code is taken (the primary key decides, also for two at once). */
  async insert(code: string, text: string, at: Date): Promise<DeclineReasonRow | undefined> {
    const [row] = await this.db
      .insert(declineReasons)
      .values({ code, text, createdAt: at })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  /** Renames, retires or brings back the reason; undefined for an unknown code. */
  async update(
    code: string,
    changes: { text?: string; retired?: boolean },
    at: Date,
  ): Promise<DeclineReasonRow | undefined> {
    const [row] = await this.db
      .update(declineReasons)
      .set({
        ...(changes.text !== undefined && { text: changes.text }),
        // Retiring again keeps the first retirement's time.
        ...(changes.retired === true && {
          retiredAt: sql`coalesce(${declineReasons.retiredAt}, ${at.toISOString()}::timestamptz)`,
        }),
        ...(changes.retired === false && { retiredAt: null }),
      })
      .where(eq(declineReasons.code, code))
      .returning();
    return row;
  }

  async find(code: string): Promise<DeclineReasonRow | undefined> {
    const [row] = await this.db.select().from(declineReasons).where(eq(declineReasons.code, code));
    return row;
  }
}
