import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CampaignDetailsValues, CustomerListTab, ListQuery, Paginated, ReviewListingType } from '@portal/contract';
import type { Database } from '../../db/database';
import {
  adTemplates,
  campaigns,
  campaignStatistics,
  paymentLinks,
  users,
  type CampaignRow,
  type CampaignStatisticsRow,
} from '../../db/schema';
import { containsPattern, fetchPage, stableOrder, type WithTotal } from '../../lib/lists';

/** A campaign with what its answers show beside it: its owner, its ad's texts and its current figures. */
export interface CampaignView {
  campaign: CampaignRow;
  owner: { firstName: string | null; lastName: string | null; email: string };
  ad: { id: number; adTitle: string; adDescription: string; destinationUrl: string } | null;
  /** The newest statistics entry (docs/product/insights.md, Current figures), or null. */
  current: CampaignStatisticsRow | null;
  /** The open payment link (docs/product/payments.md, Payment links), or null. */
  openLink: { token: string; amountCents: number; coversDays: number | null } | null;
}

/** What `CampaignView` is selected from. */
const viewColumns = {
  campaign: campaigns,
  owner: { firstName: users.firstName, lastName: users.lastName, email: users.email },
  ad: {
    id: adTemplates.id,
    adTitle: adTemplates.adTitle,
    adDescription: adTemplates.adDescription,
    destinationUrl: adTemplates.destinationUrl,
  },
  current: campaignStatistics,
  openLink: { token: paymentLinks.token, amountCents: paymentLinks.amountCents, coversDays: paymentLinks.coversDays },
};

/** Joins a campaign's newest entry: one probe of `campaign_statistics_newest_idx` per row. */
const currentEntry = eq(
  campaignStatistics.id,
  sql`(select newest.id from ${campaignStatistics} as newest where newest.campaign_id = ${campaigns.id}
       order by newest.as_of desc, newest.id desc limit 1)`,
);

/** Which campaigns the analytics pages show (docs/product/insights.md, Analytics pages). */
export type AnalyticsScope = { userId: number } | 'all';

const analyticsOf = (scope: AnalyticsScope, search: string) =>
  and(
    eq(campaigns.approvalStatus, 'approved'),
    scope === 'all' ? undefined : and(eq(campaigns.userId, scope.userId), isNull(campaigns.deletedAt)),
    search === '' ? undefined : ilike(campaigns.name, containsPattern(search)),
  )!;

const NEWEST_FIRST = stableOrder(campaigns.createdAt, campaigns.id);

/** Which campaigns each review tab shows: drafts never; a pending one withdrawn (archived) no more. */
const reviewTabs: Record<ReviewListingType, SQL> = {
  pending: and(eq(campaigns.approvalStatus, 'pending'), isNull(campaigns.archivedAt))!,
  active: eq(campaigns.approvalStatus, 'approved'),
  declined: eq(campaigns.approvalStatus, 'declined'),
};

/**
 * A ban switches off the user's approved and pending campaigns that are on. Archived ones are
 * left out: they deliver nothing and can never be switched on again, so there is nothing to stop.
 */
const banTouches = (userId: number) =>
  and(
    eq(campaigns.userId, userId),
    inArray(campaigns.approvalStatus, ['approved', 'pending']),
    eq(campaigns.onOff, 'on'),
    isNull(campaigns.archivedAt),
  );

/** The columns step 1 of the wizard writes. */
function detailsColumns(details: CampaignDetailsValues) {
  return {
    name: details.campaign_name,
    objective: details.campaign_objective,
    budgetType: details.budget_type,
    budgetAmount: details.budget_amount.toFixed(2),
    keywords: details.keywords,
    onOff: details.status === 'active' ? ('on' as const) : ('off' as const),
  };
}

/** The `campaigns` table, with its ad (`ad_templates`) and its files' attachment (`media_files`). */
export class CampaignRepository {
  constructor(private readonly db: Database) {}

  /** Campaigns with their owner, ad and current figures, one select for lists and single answers alike. */
  private selectViews<Extra extends Record<string, SQL.Aliased | SQL>>(extra?: Extra) {
    return (
      this.db
        .select({ ...viewColumns, ...(extra as Extra) })
        .from(campaigns)
        .innerJoin(users, eq(users.id, campaigns.userId))
        .leftJoin(adTemplates, eq(adTemplates.campaignId, campaigns.id))
        .leftJoin(campaignStatistics, currentEntry)
        // At most one open link per campaign (a partial unique index), so this adds no row.
        .leftJoin(paymentLinks, and(eq(paymentLinks.campaignId, campaigns.id), eq(paymentLinks.status, 'open')))
    );
  }

  /**
   * One page of a customer's tab, newest first, optionally only names containing `search`.
   * The index on (user, tab, created, id) serves the order; the trigram index the search.
   * The page's ids are found first, from the index alone, and only those ten rows are read
   * and joined: a late page then skips index entries rather than whole rows (a page deep in
   * 20,000 campaigns costs 2 ms instead of 12 on PostgreSQL). The statements are prepared:
   * PostgreSQL plans them once per connection, which was most of a list's database time.
   */
  async listForCustomer(userId: number, tab: CustomerListTab, query: ListQuery): Promise<Paginated<CampaignView>> {
    const statements = this.customerListStatements(query.search !== '');
    const values = { userId, tab, pattern: containsPattern(query.search) };
    return fetchPage(query, {
      rows: (window) => statements.page.execute({ ...values, ...window }) as Promise<WithTotal<CampaignView>[]>,
      count: async () => (await statements.count.execute(values))[0]!.total,
    });
  }

  private customerLists?: Record<'plain' | 'search', ReturnType<CampaignRepository['prepareCustomerList']>>;

  private customerListStatements(withSearch: boolean) {
    this.customerLists ??= { plain: this.prepareCustomerList(false), search: this.prepareCustomerList(true) };
    return withSearch ? this.customerLists.search : this.customerLists.plain;
  }

  /** The page (each row with the total) and the count alone, for `listForCustomer`. */
  private prepareCustomerList(withSearch: boolean) {
    const where = and(
      eq(campaigns.userId, sql.placeholder('userId')),
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

  /** The customer's newest campaigns that are neither drafts nor archived (the dashboard's Latest Campaigns). */
  async latestForCustomer(userId: number, limit: number): Promise<CampaignView[]> {
    return this.selectViews()
      .where(and(eq(campaigns.userId, userId), inArray(campaigns.listTab, ['active', 'pending'])))
      .orderBy(...NEWEST_FIRST)
      .limit(limit) as Promise<CampaignView[]>;
  }

  /**
   * The newest approved campaigns that their customers have not archived (the administrator's
   * dashboard's Latest Campaigns), in the Approved tab's order.
   */
  async latestApproved(limit: number): Promise<CampaignView[]> {
    return this.selectViews()
      .where(and(eq(campaigns.approvalStatus, 'approved'), isNull(campaigns.archivedAt)))
      .orderBy(...NEWEST_FIRST)
      .limit(limit) as Promise<CampaignView[]>;
  }

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

  /** What a ban of the user switches off: their approved and pending campaigns that are on, not archived. */
  async switchedOnForReviewOrDelivery(userId: number): Promise<CampaignRow[]> {
    return this.db.select().from(campaigns).where(banTouches(userId)).orderBy(asc(campaigns.id));
  }

  /** Switches off what a ban touches, answering the ids switched off. */
  async switchOffForBan(userId: number, at: Date): Promise<number[]> {
    const rows = await this.db
      .update(campaigns)
      .set({ onOff: 'off', updatedAt: at })
      .where(banTouches(userId))
      .returning({ id: campaigns.id });
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  /** The user's draft with its owner and ad, or undefined. */
  async findDraftView(userId: number): Promise<CampaignView | undefined> {
    const [row] = await this.selectViews()
      .where(and(eq(campaigns.userId, userId), eq(campaigns.approvalStatus, 'draft')))
      .limit(1);
    return row as CampaignView | undefined;
  }

  /** One campaign with its owner and ad, or undefined. */
  async findView(id: number): Promise<CampaignView | undefined> {
    const [row] = await this.selectViews().where(eq(campaigns.id, id)).limit(1);
    return row as CampaignView | undefined;
  }

  /**
   * The user's campaign with this id that they can still act on (not deleted for good), locked
   * until the transaction ends. Drafts are included: the caller decides what a draft allows.
   */
  async lockOwned(userId: number, id: number): Promise<CampaignRow | undefined> {
    const [row] = await this.lockOwnedMany(userId, [id], { draftsToo: true });
    return row;
  }

  /** The user's submitted campaigns among `ids` (not drafts, not deleted for good), locked, in id order. */
  async lockOwnedMany(userId: number, ids: number[], options: { draftsToo?: boolean } = {}): Promise<CampaignRow[]> {
    if (ids.length === 0) return [];
    const conditions: (SQL | undefined)[] = [
      inArray(campaigns.id, ids),
      eq(campaigns.userId, userId),
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

  async update(id: number, changes: Partial<typeof campaigns.$inferInsert>): Promise<void> {
    await this.db.update(campaigns).set(changes).where(eq(campaigns.id, id));
  }

  /** Archives the campaigns not archived yet and deletes for good the ones that were. */
  async archiveOrDelete(ids: number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    // Those archived before go for good first, so that the ones archived now are not deleted too.
    await this.db
      .update(campaigns)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(inArray(campaigns.id, ids), isNull(campaigns.deletedAt), isNotNull(campaigns.archivedAt)));
    await this.db
      .update(campaigns)
      .set({ archivedAt: at, updatedAt: at })
      .where(and(inArray(campaigns.id, ids), isNull(campaigns.archivedAt)));
  }

  /** Inserts a copied campaign's row (its ad and files go to their own tables); resolves with its id. */
  async insertCopy(campaign: typeof campaigns.$inferInsert): Promise<number> {
    const [inserted] = await this.db.insert(campaigns).values(campaign).returning({ id: campaigns.id });
    return inserted!.id;
  }

  async findDraft(userId: number): Promise<CampaignRow | undefined> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.userId, userId), eq(campaigns.approvalStatus, 'draft')))
      .limit(1);
    return row;
  }

  /**
   * Creates the user's draft, or updates it when there is one: one statement, so two first saves
   * at once still leave one draft (the unique index on a user's draft decides).
   */
  async saveDraftDetails(userId: number, details: CampaignDetailsValues, at: Date): Promise<CampaignRow> {
    const columns = detailsColumns(details);
    const [row] = await this.db
      .insert(campaigns)
      .values({ userId, ...columns, approvalStatus: 'draft', createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: campaigns.userId,
        targetWhere: eq(campaigns.approvalStatus, 'draft'),
        set: { ...columns, updatedAt: at },
      })
      .returning();
    return row!;
  }

  /** Deletes the user's draft with this id; false when the user has no such draft. */
  async deleteDraft(userId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId), eq(campaigns.approvalStatus, 'draft')))
      .returning({ id: campaigns.id });
    return deleted.length === 1;
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

  async deleteByIds(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.db.delete(campaigns).where(inArray(campaigns.id, ids));
  }

  /** The user's draft with this id, locked until the transaction ends, so saves of its ad run one at a time. */
  async lockDraft(userId: number, id: number): Promise<CampaignRow | undefined> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId), eq(campaigns.approvalStatus, 'draft')))
      .for('update')
      .limit(1);
    return row;
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.db.update(campaigns).set({ updatedAt: at }).where(eq(campaigns.id, id));
  }

  /** How many of the user's campaigns are not archived, the draft included: what the campaign quota counts. */
  async countNotArchived(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(campaigns)
      .where(and(eq(campaigns.userId, userId), isNull(campaigns.archivedAt), isNull(campaigns.deletedAt)));
    return row!.total;
  }
}
