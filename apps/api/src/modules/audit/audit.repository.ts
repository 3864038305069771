import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { isAdminRole } from '@portal/contract';
import type { Database } from '../../db/database';
import { auditLog, campaigns, users, type AuditSubject } from '../../db/schema';

/** What a recorded action is: who did what to which record, with the values before and after. */
export interface AuditEntry {
  /** The user who acted; null for the portal itself (payments, scheduled work). */
  actorId: number | null;
  action: string;
  subject: { type: AuditSubject; id: number };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** An audit row with its actor's name, for the History lists. */
export interface AuditRecord {
  id: number;
  action: string;
  subject: { type: AuditSubject; id: number };
  actor: { id: number; name: string; administrator: boolean } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The campaign the row is about, with its current name; null for a row about a user. */
  campaign: { id: number; name: string } | null;
  createdAt: Date;
}

/**
 * The `audit_log` table (docs/product/review.md, Audit trail). Append-only: there is no update or
 * delete here, and the database refuses them anyway. Callers record inside the transaction of
 * the change, so neither exists without the other.
 */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records the action. A row about a campaign or an advertiser account belongs to that account's
   * trail, which its owners read (docs/product/teams.md, The audit trail).
   */
  async record(entry: AuditEntry, at: Date): Promise<void> {
    const { type, id } = entry.subject;
    const advertiserId =
      type === 'advertiser'
        ? id
        : type === 'campaign'
          ? sql`(select advertiser_id from ${campaigns} where id = ${id})`
          : null;
    await this.db.insert(auditLog).values({
      actorId: entry.actorId,
      advertiserId,
      action: entry.action,
      subjectType: entry.subject.type,
      subjectId: entry.subject.id,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: at,
    });
  }

  /** The rows about a campaign, oldest first. */
  campaignHistory(campaignId: number): Promise<AuditRecord[]> {
    return this.history(and(eq(auditLog.subjectType, 'campaign'), eq(auditLog.subjectId, campaignId))!);
  }

  /** The rows about a user and the decisions on their campaigns, oldest first. */
  userHistory(userId: number): Promise<AuditRecord[]> {
    return this.history(
      or(
        and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId)),
        and(
          eq(auditLog.subjectType, 'campaign'),
          sql`${auditLog.action} in ('campaign.approved', 'campaign.declined')`,
          sql`${auditLog.subjectId} in (select id from campaigns where user_id = ${userId})`,
        ),
      )!,
    );
  }

  /**
   * Declines per reason code and month (UTC, `YYYY-MM`) since `since`, read from the decisions'
   * rows, so a campaign declined, resubmitted and declined again counts twice. A decline recorded
   * before reasons had codes has a null code.
   */
  async declineCounts(since: Date): Promise<{ code: string | null; month: string; count: number }[]> {
    const code = sql<string | null>`${auditLog.after}->>'reason_code'`;
    const month = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    return this.db
      .select({ code, month, count: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaign.declined'), gte(auditLog.createdAt, since)))
      .groupBy(code, month);
  }

  /** One page of an advertiser account's trail, newest first: the rows before `before` (an id), `limit` at most. */
  async advertiserTrail(advertiserId: number, before: number | undefined, limit: number): Promise<AuditRecord[]> {
    const rows = await this.joined(
      and(eq(auditLog.advertiserId, advertiserId), before === undefined ? undefined : lt(auditLog.id, before))!,
    )
      .orderBy(desc(auditLog.id))
      .limit(limit);
    return rows.map(toRecord);
  }

  private async history(where: SQL): Promise<AuditRecord[]> {
    const rows = await this.joined(where).orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    return rows.map(toRecord);
  }

  /** The rows with their actor and, for a row about a campaign, the campaign's current name. */
  private joined(where: SQL) {
    return (
      this.db
        .select({
          row: auditLog,
          actorFirst: users.firstName,
          actorLast: users.lastName,
          actorEmail: users.email,
          actorRoleId: users.roleId,
          campaignName: campaigns.name,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        // A user's History mixes their campaigns' rows with their own: each line names its campaign.
        .leftJoin(campaigns, and(eq(auditLog.subjectType, 'campaign'), eq(campaigns.id, auditLog.subjectId)))
        .where(where)
    );
  }
}

function toRecord({
  row,
  actorFirst,
  actorLast,
  actorEmail,
  actorRoleId,
  campaignName,
}: {
  row: typeof auditLog.$inferSelect;
  actorFirst: string | null;
  actorLast: string | null;
  actorEmail: string | null;
  actorRoleId: number | null;
  campaignName: string | null;
}): AuditRecord {
  return {
    id: row.id,
    action: row.action,
    subject: { type: row.subjectType, id: row.subjectId },
    actor:
      row.actorId === null
        ? null
        : {
            id: row.actorId,
            name: [actorFirst, actorLast].filter(Boolean).join(' ') || actorEmail || '',
            administrator: isAdminRole(actorRoleId),
          },
    before: row.before,
    after: row.after,
    campaign: campaignName === null ? null : { id: row.subjectId, name: campaignName },
    createdAt: row.createdAt,
  };
}
