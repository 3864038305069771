import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { mailQueue } from '../../db/schema';
import { currentRequestId } from '../../lib/request-context';

export class MailRepository {
  constructor(private readonly db: Database) {}

  async enqueue(message: { to: string; template: string; params: Record<string, string> }, at: Date): Promise<void> {
    await this.db
      .insert(mailQueue)
      .values({ ...message, nextAttemptAt: at, createdAt: at, requestId: currentRequestId() ?? null });
  }

  /**
   * Takes up to `limit` due messages for this worker: one statement marks them locked, so two
   * processes never claim the same message, and nothing stays locked while mail is sent.
   */
  async claimDue(now: Date, lockUntil: Date, limit: number) {
    const due = this.db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          isNull(mailQueue.sentAt),
          isNull(mailQueue.failedAt),
          lte(mailQueue.nextAttemptAt, now),
          or(isNull(mailQueue.lockedUntil), lte(mailQueue.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailQueue.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailQueue)
      .set({ lockedUntil: lockUntil, attempts: sql`${mailQueue.attempts} + 1` })
      .where(inArray(mailQueue.id, due))
      .returning();
  }

  /** Sent: the body's parameters go, the subject stays as a record of what was sent. */
  async markSent(id: number, at: Date, subject: string): Promise<void> {
    await this.db
      .update(mailQueue)
      .set({ sentAt: at, subject, params: null, lockedUntil: null })
      .where(eq(mailQueue.id, id));
  }

  /** Nothing to send after all (a reset link asked for an address without an account). */
  async discard(id: number): Promise<void> {
    await this.db.delete(mailQueue).where(eq(mailQueue.id, id));
  }

  async markRetry(id: number, nextAttemptAt: Date, error: string): Promise<void> {
    await this.db
      .update(mailQueue)
      .set({ nextAttemptAt, lockedUntil: null, lastError: error })
      .where(eq(mailQueue.id, id));
  }

  async markFailed(id: number, at: Date, error: string): Promise<void> {
    await this.db
      .update(mailQueue)
      .set({ failedAt: at, params: null, lockedUntil: null, lastError: error })
      .where(eq(mailQueue.id, id));
  }

  /** How many messages wait to be sent (and of those, how many failed before), and how many were given up. */
  async queueCounts(): Promise<{ waiting: number; retrying: number; failed: number }> {
    const waiting = and(isNull(mailQueue.sentAt), isNull(mailQueue.failedAt));
    const [counts] = await this.db
      .select({
        waiting: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
        retrying: sql<number>`count(*) filter (where ${waiting} and ${mailQueue.attempts} > 0)`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${mailQueue.failedAt} is not null)`.mapWith(Number),
      })
      .from(mailQueue);
    return counts!;
  }
}
