import { bigint, bigserial, date, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { users } from './users';

const count = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * A campaign's figures as an administrator entered them (docs/product/insights.md, Statistics
 * entries): running totals as of `as_of`. Entries are only ever added; the campaign's current
 * figures are its newest (latest `as_of`, then latest saved). Money is kept in whole cents.
 */
export const campaignStatistics = pgTable(
  'campaign_statistics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    enteredBy: integer('entered_by').references(() => users.id),
    /** The day the figures are as of (the dialog's created_at). */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    datePaid: date('date_paid', { mode: 'string' }).notNull(),
    amountSpentCents: count('amount_spent_cents'),
    adCostCents: count('ad_cost_cents'),
    followersCount: count('followers_count'),
    posts: count('posts'),
    duration: count('duration'),
    totalReach: count('total_reach'),
    postReach: count('post_reach'),
    storyReach: count('story_reach'),
    totalImpressions: count('total_impressions'),
    postImpressions: count('post_impressions'),
    storyImpressions: count('story_impressions'),
    postLikes: count('post_likes'),
    postComments: count('post_comments'),
    postShares: count('post_shares'),
    postSaves: count('post_saves'),
    storyAccountTaps: count('story_account_taps'),
    storiesWithLink: count('stories_with_link'),
    linkClicks: count('link_clicks'),
    leadGenerated: count('lead_generated'),
    /** When the ad was posted. */
    dates: timestamp('dates', { withTimezone: true }).array().notNull(),
  },
  (table) => [
    // The newest entry of a campaign, and its entries by day for the daily figures.
    index('campaign_statistics_newest_idx').on(
      table.campaignId,
      table.asOf.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export type CampaignStatisticsRow = typeof campaignStatistics.$inferSelect;
