import { and, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PACING_WINDOW_DAYS,
  type CustomerListTab,
  type ListQuery,
  type Paginated,
  type ReviewListingType,
} from '@portal/contract';
import { advertisers, campaigns, campaignStatistics, payments, users, type CampaignRow } from '../../db/schema';
import { containsPattern, fetchPage, type WithTotal } from '../../lib/lists';
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
   * The index on (user, tab, created, id) serves the order; the trigram index the search.
   * The page's ids are found first, from the index alone, and only those ten rows are read
   * and joined: a late page then skips index entries rather than whole rows (a page deep in
   * 20,000 campaigns costs 2 ms instead of 12 on PostgreSQL). The statements are prepared:
   * PostgreSQL plans them once per connection, which was most of a list's database time.
   */
  async listForCustomer(
    advertiserId: number,
    tab: CustomerListTab,
    query: ListQuery,
  ): Promise<Paginated<CampaignView>> {
    const statements = this.customerListStatements(query.search !== '');
    const values = { advertiserId, tab, pattern: containsPattern(query.search) };
    return fetchPage(query, {
      rows: (window) => statements.page.execute({ ...values, ...window }) as Promise<WithTotal<CampaignView>[]>,
      count: async () => (await statements.count.execute(values))[0]!.total,
    });
  }

  private customerLists?: Record<'plain' | 'search', ReturnType<CampaignListQueries['prepareCustomerList']>>;

  private customerListStatements(withSearch: boolean) {
    this.customerLists ??= { plain: this.prepareCustomerList(false), search: this.prepareCustomerList(true) };
    return withSearch ? this.customerLists.search : this.customerLists.plain;
  }

  /** The page (each row with the total) and the count alone, for `listForCustomer`. */
  private prepareCustomerList(withSearch: boolean) {
    const where = and(
      eq(campaigns.advertiserId, sql.placeholder('advertiserId')),
      eq(campaigns.listTab, sql.placeholder('tab')),
      withSearch ? ilike(campaigns.name, sql.placeholder('pattern')) : undefined,
    );
    const order = NEWEST_FIRST;
    const name = withSearch ? 'campaigns_customer_list_search' : 'campaigns_customer_list';
    const total = this.db.select({ total: count() }).from(campaigns).where(where);
    const pageIds = this.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return {
      page: this.selectViews({ total: sql<number>`(${total})`.mapWith(Number) })
        .where(inArray(campaigns.id, pageIds))
        .orderBy(...order)
        .prepare(name),
      count: total.prepare(`${name}_count`),
    };
  }

  /**
   * One page of an administrators' review tab, newest first (docs/product/review.md, Review
   * queue); `search` matches part of the campaign name or of the customer's name.
   */
  async listForReview(listingType: ReviewListingType, query: ListQuery): Promise<Paginated<CampaignView>> {
    const pattern = query.search === '' ? undefined : containsPattern(query.search);
    const where = and(
      reviewTabs[listingType],
      pattern === undefined
        ? undefined
        : or(
            ilike(campaigns.name, pattern),
            ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
          ),
    );
    // The search reads the owner's name, so the count joins the owner too.
    return this.newestFirstPage(query, where, { countWithOwner: true });
  }

  /** One page of an analytics page's campaigns, newest first, each with its current figures. */
  async listForAnalytics(scope: AnalyticsScope, query: ListQuery): Promise<Paginated<CampaignView>> {
    const where = analyticsOf(scope, query.search);
    return this.newestFirstPage(query, where, { countWithOwner: false });
  }

  /** A page of the campaigns `where` selects, newest first, with their count beside each row. */
  private newestFirstPage(query: ListQuery, where: SQL | undefined, { countWithOwner }: { countWithOwner: boolean }) {
    let counted = this.db.select({ total: count() }).from(campaigns).$dynamic();
    if (countWithOwner) counted = counted.innerJoin(users, eq(users.id, campaigns.userId));
    const total = counted.where(where);
    return fetchPage<CampaignView>(query, {
      rows: ({ limit, offset }) =>
        this.selectViews({ total: sql<number>`(${total})`.mapWith(Number) })
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(limit)
          .offset(offset) as Promise<WithTotal<CampaignView>[]>,
      count: async () => (await total)[0]!.total,
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
  async *analyticsBatches(scope: AnalyticsScope, search: string, batchSize: number): AsyncGenerator<CampaignView[]> {
    let after: CampaignRow | undefined;
    for (;;) {
      const batch = (await this.selectViews()
        .where(
          and(
            analyticsOf(scope, search),
            after && sql`(${campaigns.createdAt}, ${campaigns.id}) < (${after.createdAt}, ${after.id})`,
          ),
        )
        .orderBy(...NEWEST_FIRST)
        .limit(batchSize)) as CampaignView[];
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) return;
      after = batch.at(-1)!.campaign;
    }
  }
}
