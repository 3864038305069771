import { z } from 'zod';

/**
 * One statistics entry as campaign answers carry it (docs/product/insights.md, Statistics
 * entries): the campaign's running totals as of `created_at`. Campaign answers list entries
 * newest first, so `statistics[0]` holds the current figures.
 */
export const statisticsEntrySchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    date_paid: z.string().nullable(),
    amount_spent: z.number(),
    ad_cost: z.number(),
    followers_count: z.number().int(),
    posts: z.number().int(),
    duration: z.number().int(),
    total_reach: z.number().int(),
    post_reach: z.number().int(),
    story_reach: z.number().int(),
    total_impressions: z.number().int(),
    post_impressions: z.number().int(),
    story_impressions: z.number().int(),
    post_likes: z.number().int(),
    post_comments: z.number().int(),
    post_shares: z.number().int(),
    post_saves: z.number().int(),
    story_account_taps: z.number().int(),
    stories_with_link: z.number().int(),
    link_clicks: z.number().int(),
    lead_generated: z.number().int(),
    dates: z.array(z.string()),
  })
  .meta({ id: 'StatisticsEntry' });
export type StatisticsEntry = z.infer<typeof statisticsEntrySchema>;
