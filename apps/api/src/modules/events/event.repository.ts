import { and, asc, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { currentRequestId } from '../../lib/request-context';
import { domainEvents } from '../../db/schema';
import { DOMAIN_EVENTS_CHANNEL, type DomainEvent, type NewDomainEvent } from './domain-events';

/** The `domain_events` table. */
export class EventRepository {
  constructor(private readonly db: Database) {}

  /** Writes the event and notifies the dispatchers; both take effect when the caller's transaction commits. */
  async record(event: NewDomainEvent, at: Date): Promise<void> {
    const [row] = await this.db
      .insert(domainEvents)
      .values({
        type: event.type,
        payload: event.payload,
        userId: event.userId,
        createdAt: at,
        nextAttemptAt: at,
        requestId: currentRequestId() ?? null,
      })
      .returning({ id: domainEvents.id });
    await this.db.execute(sql`select pg_notify(${DOMAIN_EVENTS_CHANNEL}, ${String(row!.id)})`);
  }

  /**
   * The oldest events waiting for their subscribers, locked for this transaction; rows another
   * process has locked are skipped, so each event is handled by one process at a time.
   */
  async claimPending(now: Date, limit: number): Promise<(DomainEvent & { attempts: number })[]> {
    const rows = await this.db
      .select()
      .from(domainEvents)
      .where(and(isNull(domainEvents.processedAt), lte(domainEvents.nextAttemptAt, now)))
      .orderBy(asc(domainEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return rows.map((row) => ({
      id: row.id,
      type: row.type as DomainEvent['type'],
      userId: row.userId,
      payload: row.payload as DomainEvent['payload'],
      createdAt: row.createdAt,
      requestId: row.requestId,
      attempts: row.attempts,
    }));
  }

  async markProcessed(id: number, at: Date): Promise<void> {
    await this.db.update(domainEvents).set({ processedAt: at }).where(eq(domainEvents.id, id));
  }

  async markRetry(id: number, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
    await this.db
      .update(domainEvents)
      .set({ attempts, nextAttemptAt, lastError: error })
      .where(eq(domainEvents.id, id));
  }

  /** Gives up on an event: processed, with the error that stopped it. */
  async markAbandoned(id: number, attempts: number, at: Date, error: string): Promise<void> {
    await this.db
      .update(domainEvents)
      .set({ attempts, processedAt: at, lastError: error })
      .where(eq(domainEvents.id, id));
  }

  /** Deletes events processed before `before`; resolves with how many. */
  async pruneProcessed(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(domainEvents)
      .where(and(isNotNull(domainEvents.processedAt), lt(domainEvents.processedAt, before)))
      .returning({ id: domainEvents.id });
    return deleted.length;
  }

  /** How many events wait for their subscribers (and of those, how many failed before), and how many were given up. */
  async backlogCounts(): Promise<{ pending: number; retrying: number; abandoned: number }> {
    const pending = isNull(domainEvents.processedAt);
    const [counts] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where ${pending})`.mapWith(Number),
        retrying: sql<number>`count(*) filter (where ${pending} and ${domainEvents.attempts} > 0)`.mapWith(Number),
        abandoned:
          sql<number>`count(*) filter (where ${domainEvents.processedAt} is not null and ${domainEvents.lastError} is not null)`.mapWith(
            Number,
          ),
      })
      .from(domainEvents);
    return counts!;
  }
}
