import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PACING_WINDOW_DAYS,
  type CustomerListTab,
  type ListQuery,
  type Paginated,
  type ReviewListingType,
} from '@portal/contract';
import {
  advertisers,
  campaigns,
  campaignStatistics,
  fullNameOf,
  payments,
  users,
  type CampaignRow,
} from '../../db/schema';
import {
  cappedCount,
  containsPattern,
  countLimit,
  fetchKeysetPage,
  keysetBatches,
  keysetWhere,
  positionOf,
  type Keyset,
  type WithTotal,
} from '../../lib/lists';
import { CampaignViewQueries, currentEntry, NEWEST_FIRST, type CampaignView } from './campaign-views';

/** Which campaigns the analytics pages show (docs/product/insights.md, Analytics pages). */
export type AnalyticsScope = { advertiserId: number } | 'all';

const analyticsOf = (scope: AnalyticsScope, search: string) =>
  and(
    eq(campaigns.approvalStatus, 'approved'),
    scope === 'all' ? undefined : and(eq(campaigns.advertiserId, scope.advertiserId), isNull(campaigns.deletedAt)),
    search === '' ? undefined : ilike(campaigns.name, containsPattern(search)),
  )!;

/**
 * What a campaign's pacing is worked out from (docs/product/insights.md, Pacing): its budget and
 * flight, its account's time zone, its current figures' day and amount spent (null before the
 * first entry), the amount spent `PACING_WINDOW_DAYS` days before them, and what was paid for it.
 */
export interface PacingRow {
  campaign: Pick<CampaignRow, 'id' | 'name' | 'budgetType' | 'budgetAmount' | 'startDate' | 'endDate' | 'publishedOn'>;
  timeZone: string;
  asOf: string | null;
  spentCents: number | null;
  spentBeforeWindowCents: number;
  paidCents: number;
}

/**
 * Which campaigns' pacing to read: some by id, or the `limit` running campaigns of an account
 * that end soonest (the dashboard's panel).
 */
export type PacingSet = { ids: number[] } | { runningOf: number; limit: number };

/** An earlier entry of the same campaign, beside its current one. */
const EARLIER = 'earlier';
const earlier = alias(campaignStatistics, EARLIER);

/**
 * `PacingRow`'s columns besides the campaign's: each probes `campaign_statistics_newest_idx` or
 * `payments_campaign_idx` once per campaign, so a set is one statement.
 */
const pacingColumns = {
  timeZone: advertisers.timeZone,
  asOf: campaignStatistics.asOf,
  spentCents: campaignStatistics.amountSpentCents,
  spentBeforeWindowCents:
    sql<number>`coalesce((select ${earlier.amountSpentCents} from ${campaignStatistics} as ${sql.identifier(EARLIER)}
    where ${earlier.campaignId} = ${campaigns.id}
      and ${earlier.asOf} <= ${campaignStatistics.asOf} - ${sql.raw(String(PACING_WINDOW_DAYS))}
    order by ${earlier.asOf} desc, ${earlier.id} desc limit 1), 0)`.mapWith(Number),
  paidCents: sql<number>`(select coalesce(sum(${payments.amountCents}), 0) from ${payments}
    where ${payments.campaignId} = ${campaigns.id})`.mapWith(Number),
};

/** A page's row: its campaign, the capped total, and its place in the order (for cursors). */
type Positioned<Row> = WithTotal<Row & { position: string }>;

/** Which campaigns each review tab shows: drafts never; a pending one withdrawn (archived) no more. */
const reviewTabs: Record<ReviewListingType, SQL> = {
  pending: and(eq(campaigns.approvalStatus, 'pending'), isNull(campaigns.archivedAt))!,
  active: eq(campaigns.approvalStatus, 'approved'),
  declined: eq(campaigns.approvalStatus, 'declined'),
};

/** `CampaignRepository`'s part that reads the campaign lists: the customer's tabs, the review queue, analytics. */
export class CampaignListQueries extends CampaignViewQueries {
  /**
   * One page of a customer's tab, newest first, optionally only names containing `search`.
   * The index on (account, tab, created, id) serves the order; the trigram index the search.
   * The page's ids are found first, from the index alone, and only those rows are read and
   * joined; a page asked with a cursor starts at its row in that index (keyset, decision 038),
   * so a deep page costs what the first does. The statements are prepared: PostgreSQL plans
   * them once per connection, which was most of a list's database time.
   */
  async listForCustomer(
    advertiserId: number,
    tab: CustomerListTab,
    query: ListQuery,
  ): Promise<Paginated<CampaignView>> {
    const scope = `customer:${advertiserId}:${tab}:${query.search}`;
    const values = { advertiserId, tab, pattern: containsPattern(query.search) };
    return fetchKeysetPage<CampaignView>(query, scope, {
      rows: ({ keyset, ...window }) => {
        const statement = this.customerListStatement(query.search !== '', keyset?.direction).page;
        const at = keyset ? { micros: keyset.micros, cursorId: keyset.id } : {};
        return statement.execute({ ...values, ...window, ...at }) as Promise<Positioned<CampaignView>[]>;
      },
      count: async () =>
        (await this.customerListStatement(query.search !== '', undefined).count.execute(values))[0]!.total,
      idOf: (view) => view.campaign.id,
    });
  }

  private customerLists = new Map<string, ReturnType<CampaignListQueries['prepareCustomerList']>>();

  private customerListStatement(withSearch: boolean, direction: Keyset['direction'] | undefined) {
    const key = `${withSearch ? 'search' : 'plain'}_${direction ?? 'offset'}`;
    let statements = this.customerLists.get(key);
    if (!statements) this.customerLists.set(key, (statements = this.prepareCustomerList(key, withSearch, direction)));
    return statements;
  }

  /** The page (each row with the capped total) and the capped count alone, for `listForCustomer`. */
  private prepareCustomerList(key: string, withSearch: boolean, direction: Keyset['direction'] | undefined) {
    const where = and(
      eq(campaigns.advertiserId, sql.placeholder('advertiserId')),
      eq(campaigns.listTab, sql.placeholder('tab')),
      withSearch ? ilike(campaigns.name, sql.placeholder('pattern')) : undefined,
    );
    const keyset = keysetWhere(direction, campaigns, {
      micros: sql.placeholder('micros'),
      id: sql.placeholder('cursorId'),
    });
    const name = `campaigns_customer_list_${key}`;
    const total = cappedCount(
      this.db
        .select({ one: sql`1` })
        .from(campaigns)
        .where(where)
        .limit(countLimit(withSearch)),
    );
    const pageIds = this.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(where, keyset.where))
      .orderBy(...keyset.order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return {
      page: this.selectViews({ total, position: positionOf(campaigns.createdAt) })
        .where(inArray(campaigns.id, pageIds))
        .orderBy(...NEWEST_FIRST)
        .prepare(name),
      count: this.db
        .select({ total })
        .from(sql`(select 1) as one`)
        .prepare(`${name}_count`),
    };
  }

  /**
   * One page of an administrators' review tab, newest first (docs/product/review.md, Review
   * queue); `search` matches part of the campaign name or of the customer's name. The page walks
   * the tab's index newest first, keeping the matches; the count asks each side of the search
   * from its own index (the name's trigrams; the owners whose names match, by migration 0031's
   * trigram index on users, then their campaigns by owner), at most `countLimit` rows each.
   */
  async listForReview(listingType: ReviewListingType, query: ListQuery): Promise<Paginated<CampaignView>> {
    const scope = `review:${listingType}:${query.search}`;
    if (query.search === '') return this.newestFirstPage(query, scope, reviewTabs[listingType]);
    const pattern = containsPattern(query.search);
    const owners = sql`array(${this.db
      .select({ id: users.id })
      .from(users)
      .where(ilike(fullNameOf(users), pattern))})`;
    const byName = and(reviewTabs[listingType], ilike(campaigns.name, pattern));
    const byOwner = and(reviewTabs[listingType], sql`${campaigns.userId} = any(${owners})`);
    const side = (where: SQL | undefined) =>
      this.db.select({ id: campaigns.id }).from(campaigns).where(where).limit(countLimit(true));
    const total = cappedCount(sql`(${side(byName)}) union (${side(byOwner)})`);
    return this.newestFirstPage(query, scope, or(byName, byOwner), total);
  }

  /** One page of an analytics page's campaigns, newest first, each with its current figures. */
  async listForAnalytics(scope: AnalyticsScope, query: ListQuery): Promise<Paginated<CampaignView>> {
    const where = analyticsOf(scope, query.search);
    const owner = scope === 'all' ? 'all' : scope.advertiserId;
    return this.newestFirstPage(query, `analytics:${owner}:${query.search}`, where);
  }

  /**
   * A keyset page of the campaigns `where` selects, newest first, with their capped count
   * beside each row: the page's ids first, then only those rows read and joined.
   */
  private newestFirstPage(
    query: ListQuery,
    scope: string,
    where: SQL | undefined,
    total = cappedCount(
      this.db
        .select({ one: sql`1` })
        .from(campaigns)
        .where(where)
        .limit(countLimit(query.search !== '')),
    ),
  ) {
    return fetchKeysetPage<CampaignView>(query, scope, {
      rows: ({ limit, offset, keyset }) => {
        const after = keysetWhere(keyset?.direction, campaigns, { micros: keyset?.micros, id: keyset?.id });
        const pageIds = this.db
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(and(where, after.where))
          .orderBy(...after.order)
          .limit(limit)
          .offset(offset);
        return this.selectViews({ total, position: positionOf(campaigns.createdAt) })
          .where(inArray(campaigns.id, pageIds))
          .orderBy(...NEWEST_FIRST) as Promise<Positioned<CampaignView>[]>;
      },
      count: async () => (await this.db.select({ total }).from(sql`(select 1) as one`))[0]!.total,
      idOf: (view) => view.campaign.id,
    });
  }

  /**
   * The pacing facts of a set of campaigns, in one statement however many it holds. An account's
   * running campaigns come ending soonest first (those without an end last, newest first), only
   * as many as asked: they are chosen from the campaign rows alone, so an account with thousands
   * running costs no more than one with five.
   */
  async pacingRows(set: PacingSet): Promise<PacingRow[]> {
    if ('runningOf' in set) {
      const chosen = await this.db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(
          and(
            eq(campaigns.advertiserId, set.runningOf),
            eq(campaigns.listTab, 'active'),
            eq(campaigns.flightState, 'running'),
          ),
        )
        .orderBy(sql`${campaigns.endDate} asc nulls last`, ...NEWEST_FIRST)
        .limit(set.limit);
      const ids = chosen.map((row) => row.id);
      const rows = await this.pacingRows({ ids });
      return ids.map((id) => rows.find((row) => row.campaign.id === id)!);
    }
    if (set.ids.length === 0) return [];
    return this.db
      .select({
        campaign: {
          id: campaigns.id,
          name: campaigns.name,
          budgetType: campaigns.budgetType,
          budgetAmount: campaigns.budgetAmount,
          startDate: campaigns.startDate,
          endDate: campaigns.endDate,
          publishedOn: campaigns.publishedOn,
        },
        ...pacingColumns,
      })
      .from(campaigns)
      .innerJoin(advertisers, eq(advertisers.id, campaigns.advertiserId))
      .leftJoin(campaignStatistics, currentEntry)
      .where(inArray(campaigns.id, set.ids));
  }

  /** Those of `ids` that the analytics page of `scope` shows: what a report may cover. */
  async analyticsCampaigns(
    scope: AnalyticsScope,
    ids: number[],
  ): Promise<{ id: number; name: string; startDate: string | null; publishedOn: Date | null }[]> {
    return this.db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        startDate: campaigns.startDate,
        publishedOn: campaigns.publishedOn,
      })
      .from(campaigns)
      .where(and(analyticsOf(scope, ''), inArray(campaigns.id, ids)));
  }

  /**
   * The analytics page's campaigns from the newest on, `batchSize` at a time, for an export that
   * never holds them all: each batch starts after the last row of the one before (keyset).
   */
  analyticsBatches(scope: AnalyticsScope, search: string, batchSize: number): AsyncGenerator<CampaignView[]> {
    return keysetBatches<CampaignView>(
      campaigns,
      batchSize,
      (keyset) =>
        this.selectViews({ position: positionOf(campaigns.createdAt) })
          .where(and(analyticsOf(scope, search), keyset.where))
          .orderBy(...keyset.order)
          .limit(batchSize) as Promise<(CampaignView & { position: string })[]>,
      (view) => view.campaign.id,
    );
  }
}
