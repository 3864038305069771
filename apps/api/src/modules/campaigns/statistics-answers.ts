import { dayStart, type StatisticsEntry } from '@portal/contract';
import type { CampaignStatisticsRow } from '../../db/schema';

export const dollars = (cents: number) => cents / 100;

/** Dollars per unit to the cent, or null when there are no units (docs/product/insights.md, Cost per click and per lead). */
export const costPer = (cents: number, units: number): number | null =>
  units === 0 ? null : Math.round(cents / units) / 100;

/** An entry as campaign answers carry it. */
export const toStatisticsEntry = (row: CampaignStatisticsRow): StatisticsEntry => ({
  id: row.id,
  created_at: dayStart(row.asOf),
  date_paid: dayStart(row.datePaid),
  amount_spent: dollars(row.amountSpentCents),
  ad_cost: dollars(row.adCostCents),
  followers_count: row.followersCount,
  posts: row.posts,
  duration: row.duration,
  total_reach: row.totalReach,
  post_reach: row.postReach,
  story_reach: row.storyReach,
  total_impressions: row.totalImpressions,
  post_impressions: row.postImpressions,
  story_impressions: row.storyImpressions,
  post_likes: row.postLikes,
  post_comments: row.postComments,
  post_shares: row.postShares,
  post_saves: row.postSaves,
  story_account_taps: row.storyAccountTaps,
  stories_with_link: row.storiesWithLink,
  link_clicks: row.linkClicks,
  lead_generated: row.leadGenerated,
  dates: row.dates.map((date) => date.toISOString()),
});
