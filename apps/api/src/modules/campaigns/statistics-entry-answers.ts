import { dayStart, FIGURES, type Figure, type FigureKey, type StatisticsEntry } from '@portal/contract';
import { figureColumn, type CampaignStatisticsRow } from '../../db/schema';

export const dollars = (cents: number) => cents / 100;

/** A figure as answers carry it, from its column: money in dollars, kept in cents. */
export const answeredFigure = (figure: Figure, stored: number) => (figure.unit === 'money' ? dollars(stored) : stored);

/** Dollars per unit to the cent, or null when there are no units (docs/product/insights.md, Cost per click and per lead). */
export const costPer = (cents: number, units: number): number | null =>
  units === 0 ? null : Math.round(cents / units) / 100;

/** An entry as campaign answers carry it. */
export const toStatisticsEntry = (row: CampaignStatisticsRow): StatisticsEntry => ({
  id: row.id,
  created_at: dayStart(row.asOf),
  date_paid: dayStart(row.datePaid),
  ...(Object.fromEntries(
    FIGURES.map((figure) => [figure.key, answeredFigure(figure, row[figureColumn(figure)])]),
  ) as Record<FigureKey, number>),
  dates: row.dates.map((date) => date.toISOString()),
});
