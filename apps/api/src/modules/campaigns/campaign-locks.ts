import { and, asc, count, eq, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { campaigns, type CampaignRow } from '../../db/schema';
import { CampaignListQueries } from './campaign-lists';
import { isDraftOf, type DraftOwner } from './campaign-views';

/** A campaign the flight job moved, and where its flight stands now. */
export interface FlightMove {
  id: number;
  state: 'running' | 'ended';
  approvalStatus: CampaignRow['approvalStatus'];
  /** Archived or deleted: it runs no more, so no one is told. */
  offTheLists: boolean;
}

/**
 * `CampaignRepository`'s part that locks campaign rows for a change (decision 016's order: a
 * campaign before its payment link) and counts what the campaign quota counts (decision 023).
 */
export class CampaignLocks extends CampaignListQueries {
  /** A submitted campaign (not a draft), locked until the transaction ends: for an administrator's decision. */
  async lockSubmitted(id: number): Promise<CampaignRow | undefined> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), ne(campaigns.approvalStatus, 'draft')))
      .for('update');
    return row;
  }

  /** Paid daily campaigns whose paid period ended by `now`, locked (docs/product/payments.md, Seven-day periods). */
  lockPaidPeriodsEndedBy(now: Date): Promise<CampaignRow[]> {
    return this.db
      .select()
      .from(campaigns)
      .where(and(lte(campaigns.paidUntil, now), eq(campaigns.paymentStatus, 'paid')))
      .orderBy(campaigns.id)
      .limit(500)
      .for('update', { skipLocked: true });
  }

  /**
   * Moves flights whose day has come, on the calendar of each campaign's account (docs/product/
   * campaigns.md, Flight dates): scheduled ones whose start day is today or past start running,
   * and those whose end day is past end. Answers the campaigns moved, with their new state.
   * Each update only moves a flight forward, so a round run twice, or by two processes, moves
   * each campaign once. The UTC day ±1 bounds the look-up to the partial indexes' ranges.
   */
  async advanceFlights(now: Date): Promise<FlightMove[]> {
    const utcDay = now.toISOString().slice(0, 10);
    return queryRows<FlightMove>(
      this.db,
      sql`
      WITH local AS (
        SELECT c.id, (${now.toISOString()}::timestamptz AT TIME ZONE a.time_zone)::date AS today
        FROM campaigns c JOIN advertisers a ON a.id = c.advertiser_id
        WHERE (c.flight_state = 'scheduled' AND c.start_date <= ${utcDay}::date + 1)
           OR (c.flight_state <> 'ended' AND c.end_date IS NOT NULL AND c.end_date < ${utcDay}::date + 1)
      )
      UPDATE campaigns c
      SET flight_state = CASE WHEN c.end_date < local.today THEN 'ended' ELSE 'running' END
      FROM local
      WHERE c.id = local.id
        AND (c.end_date < local.today OR (c.flight_state = 'scheduled' AND c.start_date <= local.today))
      RETURNING c.id, c.flight_state AS state, c.approval_status AS "approvalStatus",
        (c.archived_at IS NOT NULL OR c.deleted_at IS NOT NULL) AS "offTheLists"`,
    );
  }

  /**
   * The account's campaign with this id that they can still act on (not deleted for good), locked
   * until the transaction ends. Drafts are included: the caller decides what a draft allows.
   */
  async lockOwned(advertiserId: number, id: number): Promise<CampaignRow | undefined> {
    const [row] = await this.lockOwnedMany(advertiserId, [id], { draftsToo: true });
    return row;
  }

  /** The account's submitted campaigns among `ids` (not drafts, not deleted for good), locked, in id order. */
  async lockOwnedMany(
    advertiserId: number,
    ids: number[],
    options: { draftsToo?: boolean } = {},
  ): Promise<CampaignRow[]> {
    if (ids.length === 0) return [];
    const conditions: (SQL | undefined)[] = [
      inArray(campaigns.id, ids),
      eq(campaigns.advertiserId, advertiserId),
      isNull(campaigns.deletedAt),
      options.draftsToo ? undefined : ne(campaigns.approvalStatus, 'draft'),
    ];
    // Locked in id order, so two bulk requests over the same campaigns cannot deadlock.
    return this.db
      .select()
      .from(campaigns)
      .where(and(...conditions))
      .orderBy(asc(campaigns.id))
      .for('update');
  }

  /** The ids of drafts not saved since `before`, locked until the transaction ends. */
  async lockDraftsUntouchedSince(before: Date): Promise<number[]> {
    const rows = await this.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.approvalStatus, 'draft'), lt(campaigns.updatedAt, before)))
      .for('update', { skipLocked: true });
    return rows.map((row) => row.id);
  }

  /** The person's draft with this id, locked until the transaction ends, so saves of its ad run one at a time. */
  async lockDraft(owner: DraftOwner, id: number): Promise<CampaignRow | undefined> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), isDraftOf(owner)))
      .for('update')
      .limit(1);
    return row;
  }

  /** How many of the account's campaigns are not archived, the draft included: what the campaign quota counts. */
  async countNotArchived(advertiserId: number): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(campaigns)
      .where(and(eq(campaigns.advertiserId, advertiserId), isNull(campaigns.archivedAt), isNull(campaigns.deletedAt)));
    return row!.total;
  }
}
