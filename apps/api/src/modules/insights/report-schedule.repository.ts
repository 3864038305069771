import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AdvertiserRole } from '@portal/contract';
import type { Database } from '../../db/database';
import {
  advertiserMembers,
  advertisers,
  reportDeliveries,
  reportSchedules,
  users,
  type ReportScheduleRow,
} from '../../db/schema';

/** A schedule with what sending it needs: its person, their role in the account, and the account. */
export interface ScheduleToSend {
  schedule: ReportScheduleRow;
  email: string;
  userActive: boolean;
  /** Null when the person is no longer a member of the account. */
  role: AdvertiserRole | null;
  accountName: string;
  timeZone: string;
  suspended: boolean;
}

/** The key of the advisory lock that serialises one user's new schedules (with the user's id). */
const CREATION_LOCK = 30_002;

/** The `report_schedules` and `report_deliveries` tables (docs/product/insights.md, Scheduled reports). */
export class ReportScheduleRepository {
  constructor(private readonly db: Database) {}

  /** Holds, until the transaction ends, the lock under which a user's schedules are counted and one added. */
  async lockCreations(userId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${CREATION_LOCK}::int, ${userId}::int)`);
  }

  async countOfUser(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(reportSchedules).where(eq(reportSchedules.userId, userId));
    return row?.n ?? 0;
  }

  async insert(values: typeof reportSchedules.$inferInsert): Promise<ReportScheduleRow> {
    const [row] = await this.db.insert(reportSchedules).values(values).returning();
    return row!;
  }

  /** The user's schedules of the account, oldest first. */
  listOf(userId: number, advertiserId: number): Promise<ReportScheduleRow[]> {
    return this.db
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.userId, userId), eq(reportSchedules.advertiserId, advertiserId)))
      .orderBy(asc(reportSchedules.id));
  }

  private ofOwner(id: number, userId: number, advertiserId: number) {
    return and(
      eq(reportSchedules.id, id),
      eq(reportSchedules.userId, userId),
      eq(reportSchedules.advertiserId, advertiserId),
    );
  }

  async update(
    id: number,
    owner: { userId: number; advertiserId: number },
    values: Pick<ReportScheduleRow, 'frequency' | 'campaignIds' | 'updatedAt'>,
  ): Promise<ReportScheduleRow | undefined> {
    const [row] = await this.db
      .update(reportSchedules)
      .set(values)
      .where(this.ofOwner(id, owner.userId, owner.advertiserId))
      .returning();
    return row;
  }

  async delete(id: number, owner?: { userId: number; advertiserId: number }): Promise<boolean> {
    const rows = await this.db
      .delete(reportSchedules)
      .where(owner ? this.ofOwner(id, owner.userId, owner.advertiserId) : eq(reportSchedules.id, id))
      .returning({ id: reportSchedules.id });
    return rows.length > 0;
  }

  /** Every schedule with its person and account; the service decides which are due. */
  allToSend(): Promise<ScheduleToSend[]> {
    return this.db
      .select({
        schedule: reportSchedules,
        email: users.email,
        userActive: users.status,
        role: advertiserMembers.role,
        accountName: advertisers.name,
        timeZone: advertisers.timeZone,
        suspended: sql<boolean>`${advertisers.suspendedAt} is not null`,
      })
      .from(reportSchedules)
      .innerJoin(users, eq(users.id, reportSchedules.userId))
      .innerJoin(advertisers, eq(advertisers.id, reportSchedules.advertiserId))
      .leftJoin(
        advertiserMembers,
        and(
          eq(advertiserMembers.userId, reportSchedules.userId),
          eq(advertiserMembers.advertiserId, reportSchedules.advertiserId),
        ),
      )
      .orderBy(asc(reportSchedules.id));
  }

  /**
   * Claims the report of one schedule and period: true for the one transaction that inserted the
   * row (it then queues the e-mail), false when another already has.
   */
  async claimDelivery(scheduleId: number, periodStart: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .insert(reportDeliveries)
      .values({ scheduleId, periodStart, sentAt: at })
      .onConflictDoNothing()
      .returning({ id: reportDeliveries.id });
    return rows.length > 0;
  }

  /** Whether the schedule's report of the period has gone out. */
  async delivered(scheduleId: number, periodStart: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(reportDeliveries)
      .where(and(eq(reportDeliveries.scheduleId, scheduleId), eq(reportDeliveries.periodStart, periodStart)));
    return (row?.n ?? 0) > 0;
  }
}
