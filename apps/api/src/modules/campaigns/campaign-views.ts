import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
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
import { stableOrder } from '../../lib/lists';

/** A person in an advertiser account: whose draft the wizard works on (one each per account). */
export interface DraftOwner {
  advertiserId: number;
  userId: number;
}

export const isDraftOf = (owner: DraftOwner) =>
  and(
    eq(campaigns.advertiserId, owner.advertiserId),
    eq(campaigns.userId, owner.userId),
    eq(campaigns.approvalStatus, 'draft'),
  );

/** A campaign with what its answers show beside it: its owner, its ad's texts and its current figures. */
export interface CampaignView {
  campaign: CampaignRow;
  owner: { firstName: string | null; lastName: string | null; email: string; logo: string | null };
  ad: { id: number; adTitle: string; adDescription: string; destinationUrl: string } | null;
  /** The newest statistics entry (docs/product/insights.md, Current figures), or null. */
  current: CampaignStatisticsRow | null;
  /** The open payment link (docs/product/payments.md, Payment links), or null. */
  openLink: { token: string; amountCents: number; creditCents: number; coversDays: number | null } | null;
}

/** What `CampaignView` is selected from. */
const viewColumns = {
  campaign: campaigns,
  owner: { firstName: users.firstName, lastName: users.lastName, email: users.email, logo: users.logo },
  ad: {
    id: adTemplates.id,
    adTitle: adTemplates.adTitle,
    adDescription: adTemplates.adDescription,
    destinationUrl: adTemplates.destinationUrl,
  },
  current: campaignStatistics,
  openLink: {
    token: paymentLinks.token,
    amountCents: paymentLinks.amountCents,
    creditCents: paymentLinks.creditCents,
    coversDays: paymentLinks.coversDays,
  },
};

/** Joins a campaign's newest entry: one probe of `campaign_statistics_newest_idx` per row. */
export const currentEntry = eq(
  campaignStatistics.id,
  sql`(select newest.id from ${campaignStatistics} as newest where newest.campaign_id = ${campaigns.id}
       order by newest.as_of desc, newest.id desc limit 1)`,
);

/** The order of every campaign list: newest first, then by id, so no row shows on two pages. */
export const NEWEST_FIRST = stableOrder(campaigns.createdAt, campaigns.id);

/**
 * `CampaignRepository`'s first part (ARCHITECTURE.md, The API): a campaign or a few,
 * each read as a `CampaignView`. Not used on its own; the parts after it extend it.
 */
export class CampaignViewQueries {
  constructor(protected readonly db: Database) {}

  /** Campaigns with their owner, ad and current figures, one select for lists and single answers alike. */
  protected selectViews<Extra extends Record<string, SQL.Aliased | SQL>>(extra?: Extra) {
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

  /** The customer's newest campaigns that are neither drafts nor archived (the dashboard's Latest Campaigns). */
  async latestForCustomer(advertiserId: number, limit: number): Promise<CampaignView[]> {
    return this.selectViews()
      .where(and(eq(campaigns.advertiserId, advertiserId), inArray(campaigns.listTab, ['active', 'pending'])))
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

  /** The user's draft with its owner and ad, or undefined. */
  async findDraftView(owner: DraftOwner): Promise<CampaignView | undefined> {
    const [row] = await this.selectViews().where(isDraftOf(owner)).limit(1);
    return row as CampaignView | undefined;
  }

  /** One campaign with its owner and ad, or undefined. */
  async findView(id: number): Promise<CampaignView | undefined> {
    const [row] = await this.selectViews().where(eq(campaigns.id, id)).limit(1);
    return row as CampaignView | undefined;
  }
}
