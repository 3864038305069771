import { and, eq, isNull, lte, gt, max, sql, type SQL } from 'drizzle-orm';
import type { AlertKind } from '@portal/contract';
import type { Database } from '../../db/database';
import { advertisers, campaignAlerts, campaigns, campaignStatistics } from '../../db/schema';

/** An instant as `toISOString` writes it, in SQL, so that keys made in SQL and in code are the same. */
const isoOf = (instant: SQL | typeof campaigns.paidUntil) =>
  sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The instant a campaign's flight ends: the midnight after its end date, in its account's zone. */
const flightEndsAt = sql`((${campaigns.endDate} + 1)::timestamp at time zone ${advertisers.timeZone})`;

/** At most this many campaigns are alerted in one round; the next round takes the rest. */
const ROUND_SIZE = 500;

/** A campaign an alert is due for, and the key that makes it once. */
export interface DueAlert {
  campaignId: number;
  /** The end of the paid week, or the start of the stretch without figures (ISO 8601). */
  key: string;
}

/** The `campaign_alerts` table: each alert sent, once per campaign, kind and key (docs/product/alerts.md). */
export class AlertRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records the alert unless it was already sent; true when this call recorded it. Of two
   * transactions that raise the same alert at once, the second waits for the first and records
   * nothing (the unique index), so only one of them goes on to tell people.
   */
  async raise(campaignId: number, kind: AlertKind, key: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .insert(campaignAlerts)
      .values({ campaignId, kind, key, raisedAt: at })
      .onConflictDoNothing()
      .returning({ id: campaignAlerts.id });
    return rows.length > 0;
  }

  /** Not yet alerted: no row of this kind whose key is `key`. */
  private notAlerted(kind: AlertKind, key: SQL<string>) {
    return sql`not exists (select 1 from ${campaignAlerts} where ${campaignAlerts.campaignId} = ${campaigns.id}
      and ${campaignAlerts.kind} = ${kind} and ${campaignAlerts.key} = ${key})`;
  }

  /**
   * Paid daily campaigns whose paid week ends after `now` and by `until`, not yet told of it; not
   * those whose flight ends with the week, since nothing more falls due.
   */
  periodsEnding(now: Date, until: Date): Promise<DueAlert[]> {
    const key = isoOf(campaigns.paidUntil);
    const flightGoesOn = sql`(${campaigns.endDate} is null or ${flightEndsAt} > ${campaigns.paidUntil})`;
    return this.approvedDue(
      'period_ending',
      key,
      and(
        flightGoesOn,
        eq(campaigns.paymentStatus, 'paid'),
        gt(campaigns.paidUntil, now),
        lte(campaigns.paidUntil, until),
      ),
    );
  }

  /**
   * Approved campaigns that are not archived and whose flight ends (the midnight after its end
   * date, in the account's zone) after `now` and by `until`, not yet told of this end date.
   */
  flightsEnding(now: Date, until: Date): Promise<DueAlert[]> {
    const key = sql<string>`to_char(${campaigns.endDate}, 'YYYY-MM-DD')`;
    return this.approvedDue(
      'flight_ending',
      key,
      and(
        sql`${campaigns.flightState} <> 'ended'`,
        sql`${flightEndsAt} > ${now.toISOString()}::timestamptz`,
        sql`${flightEndsAt} <= ${until.toISOString()}::timestamptz`,
      ),
    );
  }

  /** Approved campaigns that are not archived, match `due` and were not told of `kind` for `key`: a round's worth. */
  private approvedDue(kind: AlertKind, key: SQL<string>, due: SQL | undefined): Promise<DueAlert[]> {
    return this.db
      .select({ campaignId: campaigns.id, key })
      .from(campaigns)
      .innerJoin(advertisers, eq(advertisers.id, campaigns.advertiserId))
      .where(
        and(eq(campaigns.approvalStatus, 'approved'), isNull(campaigns.archivedAt), due, this.notAlerted(kind, key)),
      )
      .orderBy(campaigns.id)
      .limit(ROUND_SIZE);
  }

  /**
   * Delivering campaigns (approved, switched on, paid, not archived, flight running) whose newest statistics
   * entry was saved by `before`, or that never had one and were approved by then, not yet
   * alerted for this stretch: the stretch starts at that save (or approval), so a new entry
   * starts another.
   */
  async figuresMissingSince(before: Date): Promise<DueAlert[]> {
    const lastSaved = this.db
      .select({ at: max(campaignStatistics.savedAt) })
      .from(campaignStatistics)
      .where(eq(campaignStatistics.campaignId, campaigns.id));
    const since = sql`coalesce((${lastSaved}), ${campaigns.publishedOn})`;
    const key = isoOf(since);
    return this.db
      .select({ campaignId: campaigns.id, key })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.approvalStatus, 'approved'),
          eq(campaigns.onOff, 'on'),
          eq(campaigns.paymentStatus, 'paid'),
          eq(campaigns.flightState, 'running'),
          isNull(campaigns.archivedAt),
          sql`${since} <= ${before}`,
          this.notAlerted('figures_missing', key),
        ),
      )
      .orderBy(campaigns.id)
      .limit(ROUND_SIZE);
  }
}
