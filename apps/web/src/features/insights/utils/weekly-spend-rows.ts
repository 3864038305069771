import { WEEK_DAYS, type WeeklySpend } from '@portal/contract';

/** The chart's height; its placeholders take the same, so nothing moves when it arrives. */
export const WEEKLY_CHART_HEIGHT = 300;

/** One day of the weekly spend chart: this week's and last week's amount and date. */
export interface WeeklySpendRow {
  day: (typeof WEEK_DAYS)[number];
  /** Dollars; null for a day of this week still to come (not drawn). */
  thisWeek: number | null;
  lastWeek: number | null;
  /** YYYY-MM-DD, or '' when the answer lacks the day. */
  thisWeekDate: string;
  lastWeekDate: string;
}

/** The answer of GET /customer/weekly-spent as seven rows, Monday to Sunday. */
export function weeklySpendRows(spend: WeeklySpend): WeeklySpendRow[] {
  return WEEK_DAYS.map((day) => {
    const current = spend.current_week.find((entry) => entry.day === day);
    const previous = spend.previous_week.find((entry) => entry.day === day);
    return {
      day,
      thisWeek: current?.amount_spent ?? null,
      lastWeek: previous?.amount_spent ?? null,
      thisWeekDate: current?.date ?? '',
      lastWeekDate: previous?.date ?? '',
    };
  });
}

/** Whether anything was spent (or corrected) in either week; else the chart's empty state. */
export function hasSpend(rows: readonly WeeklySpendRow[]): boolean {
  return rows.some((row) => (row.thisWeek ?? 0) !== 0 || (row.lastWeek ?? 0) !== 0);
}
