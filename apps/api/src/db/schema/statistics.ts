import type { Figure, FigureKey, MoneyFigureKey } from '@portal/contract';
import { bigint, bigserial, date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { users } from './users';
import { advertisers } from './advertisers';

const count = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * The figures of an entry that add up across campaigns and days: everything but duration.
 * Entries and the daily ledgers below share these columns.
 */
const summedFigureColumns = () => ({
  amountSpentCents: count('amount_spent_cents'),
  adCostCents: count('ad_cost_cents'),
  followersCount: count('followers_count'),
  posts: count('posts'),
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
});
export type SummedFigures = { [Key in keyof ReturnType<typeof summedFigureColumns>]: number };
export const SUMMED_FIGURE_KEYS = Object.keys(summedFigureColumns()) as (keyof SummedFigures)[];

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;
/** The property of a figure's column: its API name in camelCase, with `Cents` for money. */
export type FigureColumn<Key extends FigureKey> = Key extends MoneyFigureKey
  ? `${CamelCase<Key>}Cents`
  : CamelCase<Key>;

/**
 * Where a figure of the contract's list is kept, by the naming rule above, so the list needs no
 * copy here; reading `row[figureColumn(figure)]` checks at compile time that the column exists.
 */
export const figureColumn = <Key extends FigureKey>(figure: Figure & { key: Key }): FigureColumn<Key> =>
  `${figure.key.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase())}${figure.unit === 'money' ? 'Cents' : ''}` as FigureColumn<Key>;

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
    ...summedFigureColumns(),
    duration: count('duration'),
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

/**
 * What each day changed in an advertiser account's figures, summed over its campaigns: the value for
 * that day (docs/product/insights.md, Daily figures), kept as a ledger in the transaction of
 * every entry. An account's current figures are the sum of all its days, a week's change the
 * sum of its days: both read a few rows per day whatever the number of campaigns (decision 015).
 */
export const customerDailyFigures = pgTable(
  'customer_daily_figures',
  {
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ...summedFigureColumns(),
  },
  (table) => [primaryKey({ columns: [table.advertiserId, table.day] })],
);

/** The same ledger over the whole portal, for the administrators' tiles. */
export const portalDailyFigures = pgTable('portal_daily_figures', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ...summedFigureColumns(),
});

/**
 * How many campaigns each tab of the review queue holds (`pending`, `active`, `declined`), kept
 * by a trigger on `campaigns` (migration 0011) so that the administrators' tiles do not count
 * the whole table.
 */
export const reviewTabCounts = pgTable('review_tab_counts', {
  tab: varchar('tab', { length: 8 }).primaryKey(),
  campaigns: bigint('campaigns', { mode: 'number' }).notNull(),
});
