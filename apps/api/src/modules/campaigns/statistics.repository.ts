import { and, asc, between, desc, eq, gt, inArray, lt, lte, min } from 'drizzle-orm';
import { calendarDay, dollarsToCents, type FigureKey, FIGURES, type StatisticsValues } from '@portal/contract';
import type { Database } from '../../db/database';
import {
  campaignStatistics,
  figureColumn,
  SUMMED_FIGURE_KEYS,
  type CampaignStatisticsRow,
  type FigureColumn,
  type SummedFigures,
} from '../../db/schema';

const newestFirst = [desc(campaignStatistics.asOf), desc(campaignStatistics.id)];

/** An entry's summed figures with its campaign and day: what a report reads of it. */
export type DayTotals = SummedFigures & { campaignId: number; asOf: string };
const dayTotalsColumns = {
  campaignId: campaignStatistics.campaignId,
  asOf: campaignStatistics.asOf,
  ...(Object.fromEntries(SUMMED_FIGURE_KEYS.map((key) => [key, campaignStatistics[key]])) as {
    [Key in keyof SummedFigures]: (typeof campaignStatistics)[Key];
  }),
};

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
        asOf: calendarDay(values.created_at),
        savedAt,
        datePaid: calendarDay(values.date_paid),
        ...(Object.fromEntries(
          FIGURES.map((figure) => {
            const value = values[figure.key];
            return [figureColumn(figure), figure.unit === 'money' ? dollarsToCents(value) : value];
          }),
        ) as Record<FigureColumn<FigureKey>, number>),
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
      .orderBy(...newestFirst);
  }

  /** The campaign's current amount spent, in cents (its newest entry's); undefined before the first entry. */
  async currentAmountSpentCents(campaignId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ cents: campaignStatistics.amountSpentCents })
      .from(campaignStatistics)
      .where(eq(campaignStatistics.campaignId, campaignId))
      .orderBy(...newestFirst)
      .limit(1);
    return row?.cents;
  }

  /**
   * Around a day a new entry is about to be added for: the campaign's entry that holds its
   * totals at the end of that day so far (the newest dated that day or earlier), and the next
   * later day with an entry.
   */
  async around(campaignId: number, day: string): Promise<{ previous?: CampaignStatisticsRow; nextDay: string | null }> {
    const ofCampaign = eq(campaignStatistics.campaignId, campaignId);
    const [[previous], [next]] = await Promise.all([
      this.db
        .select()
        .from(campaignStatistics)
        .where(and(ofCampaign, lte(campaignStatistics.asOf, day)))
        .orderBy(...newestFirst)
        .limit(1),
      this.db
        .select({ day: min(campaignStatistics.asOf) })
        .from(campaignStatistics)
        .where(and(ofCampaign, gt(campaignStatistics.asOf, day))),
    ]);
    return { previous, nextDay: next?.day ?? null };
  }

  /**
   * What the daily values of campaigns between `from` and `to` are worked out from: each
   * campaign's total at the end of the day before `from` (its newest entry dated earlier, if any)
   * and its total at the end of each day of the span that has entries (the newest of that day).
   * Both are read along `campaign_statistics_newest_idx`, so a report reads only the entries it
   * needs, however long the campaign has run.
   */
  async dayTotals(campaignIds: number[], from: string, to: string): Promise<DayTotals[]> {
    const { campaignId, asOf, id } = campaignStatistics;
    const [before, within] = await Promise.all([
      this.db
        .selectDistinctOn([campaignId], dayTotalsColumns)
        .from(campaignStatistics)
        .where(and(inArray(campaignId, campaignIds), lt(asOf, from)))
        .orderBy(campaignId, desc(asOf), desc(id)),
      this.db
        .selectDistinctOn([campaignId, asOf], dayTotalsColumns)
        .from(campaignStatistics)
        .where(and(inArray(campaignId, campaignIds), between(asOf, from, to)))
        .orderBy(campaignId, asc(asOf), desc(id)),
    ]);
    return [...before, ...within];
  }
}
