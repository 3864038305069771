import { centsToDollars, dayStart, FIGURES, type Figure, type FigureKey, type StatisticsEntry } from '@portal/contract';
import { figureColumn, type CampaignStatisticsRow } from '../../db/schema';

/** A figure as answers carry it, from its column: money in dollars, kept in cents. */
export const answeredFigure = (figure: Figure, stored: number) =>
  figure.unit === 'money' ? centsToDollars(stored) : stored;

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
