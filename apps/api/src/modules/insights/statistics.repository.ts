import { desc, eq } from 'drizzle-orm';
import type { StatisticsValues } from '@portal/contract';
import type { Database } from '../../db/database';
import { campaignStatistics, type CampaignStatisticsRow } from '../../db/schema';

const cents = (dollars: number) => Math.round(dollars * 100);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The `campaign_statistics` table (docs/product/insights.md, Statistics entries). Entries are only added. */
export class StatisticsRepository {
  constructor(private readonly db: Database) {}

  async add(
    campaignId: number,
    enteredBy: number,
    values: StatisticsValues,
    savedAt: Date,
  ): Promise<CampaignStatisticsRow> {
    const [row] = await this.db
      .insert(campaignStatistics)
      .values({
        campaignId,
        enteredBy,
        asOf: day(values.created_at),
        savedAt,
        datePaid: day(values.date_paid),
        amountSpentCents: cents(values.amount_spent),
        adCostCents: cents(values.ad_cost),
        followersCount: values.followers_count,
        posts: values.posts,
        duration: values.duration,
        totalReach: values.total_reach,
        postReach: values.post_reach,
        storyReach: values.story_reach,
        totalImpressions: values.total_impressions,
        postImpressions: values.post_impressions,
        storyImpressions: values.story_impressions,
        postLikes: values.post_likes,
        postComments: values.post_comments,
        postShares: values.post_shares,
        postSaves: values.post_saves,
        storyAccountTaps: values.story_account_taps,
        storiesWithLink: values.stories_with_link,
        linkClicks: values.link_clicks,
        leadGenerated: values.lead_generated,
        dates: values.dates,
      })
      .returning();
    return row!;
  }

  /** A campaign's entries, newest first: the first is its current figures. */
  ofCampaign(campaignId: number): Promise<CampaignStatisticsRow[]> {
    return this.db
      .select()
      .from(campaignStatistics)
      .where(eq(campaignStatistics.campaignId, campaignId))
      .orderBy(desc(campaignStatistics.asOf), desc(campaignStatistics.id));
  }
}
