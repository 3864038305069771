import {
  addCalendarDays,
  REPORT_FIGURES,
  type Report,
  type ReportDay,
  type ReportFigures,
  type ReportQuery,
} from '@portal/contract';
import { figureColumn, SUMMED_FIGURE_KEYS, type SummedFigures } from '../../db/schema';
import { answeredFigure } from '../campaigns';
import type { DayTotals } from '../campaigns';

/**
 * Daily values over a range (docs/product/insights.md, Daily figures and Reports over dates): a
 * day's value is the total at its end minus the total at the end of the day before.
 */

/** One day of a report as the service works with it: stored units (cents), before answering. */
export interface DayValues {
  date: string;
  values: SummedFigures;
}

const zero = (): SummedFigures => Object.fromEntries(SUMMED_FIGURE_KEYS.map((key) => [key, 0])) as SummedFigures;

/** Every day from `from` to `to`, both included. */
export function rangeDays({ from, to }: ReportQuery): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}

/**
 * Each campaign's daily values over `days`, from the totals `StatisticsRepository.dayTotals`
 * reads: the one before the range starts from it (0 without one), and each day with an entry
 * takes the difference from the day before, negative after a correction.
 */
export function campaignDays(campaignIds: number[], totals: DayTotals[], days: string[]): Map<number, DayValues[]> {
  const first = days[0]!;
  const byCampaign = new Map<number, { before: SummedFigures; byDay: Map<string, SummedFigures> }>(
    campaignIds.map((id) => [id, { before: zero(), byDay: new Map() }]),
  );
  for (const { campaignId, asOf, ...figures } of totals) {
    const campaign = byCampaign.get(campaignId);
    if (!campaign) continue;
    if (asOf < first) campaign.before = figures;
    else campaign.byDay.set(asOf, figures);
  }
  return new Map(
    [...byCampaign].map(([id, { before, byDay }]) => {
      let previous = before;
      const values = days.map((date) => {
        const total = byDay.get(date) ?? previous;
        const day = {
          date,
          values: Object.fromEntries(
            SUMMED_FIGURE_KEYS.map((key) => [key, total[key] - previous[key]]),
          ) as SummedFigures,
        };
        previous = total;
        return day;
      });
      return [id, values];
    }),
  );
}

/** The ledger's rows over `days`: the days it has no row for changed nothing. */
export function ledgerDays(rows: (SummedFigures & { day: string })[], days: string[]): DayValues[] {
  const byDay = new Map(rows.map(({ day, ...values }) => [day, values]));
  return days.map((date) => ({ date, values: byDay.get(date) ?? zero() }));
}

/** A day's figures as answers and CSV files carry them: dollars for money. */
export const answeredFigures = (values: SummedFigures): ReportFigures =>
  Object.fromEntries(
    REPORT_FIGURES.map((figure) => [figure.key, answeredFigure(figure, values[figureColumn(figure)])]),
  ) as ReportFigures;

/** The sums of the daily values over the days. */
export function sumOfDays(days: DayValues[]): SummedFigures {
  const sums = zero();
  for (const { values } of days) for (const key of SUMMED_FIGURE_KEYS) sums[key] += values[key];
  return sums;
}

/** A report's answer: the range, its sums and its days. */
export const toReport = (range: ReportQuery, days: DayValues[]): Report => ({
  from: range.from,
  to: range.to,
  totals: answeredFigures(sumOfDays(days)),
  days: days.map((day): ReportDay => ({ date: day.date, ...answeredFigures(day.values) })),
});
