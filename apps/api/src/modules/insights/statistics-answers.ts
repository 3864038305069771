import type { DashboardFigure } from '@portal/contract';
import type { SummedFigures } from '../../db/schema';

/** Which column holds each figure that adds up; money is kept in cents. */
export const FIGURE_COLUMNS = {
  amount_spent: 'amountSpentCents',
  ad_cost: 'adCostCents',
  followers_count: 'followersCount',
  posts: 'posts',
  total_reach: 'totalReach',
  post_reach: 'postReach',
  story_reach: 'storyReach',
  total_impressions: 'totalImpressions',
  post_impressions: 'postImpressions',
  story_impressions: 'storyImpressions',
  post_likes: 'postLikes',
  post_comments: 'postComments',
  post_shares: 'postShares',
  post_saves: 'postSaves',
  story_account_taps: 'storyAccountTaps',
  stories_with_link: 'storiesWithLink',
  link_clicks: 'linkClicks',
  lead_generated: 'leadGenerated',
} as const satisfies Record<DashboardFigure | 'link_clicks' | 'lead_generated', keyof SummedFigures>;

export const isMoneyColumn = (column: keyof SummedFigures) => column.endsWith('Cents');
