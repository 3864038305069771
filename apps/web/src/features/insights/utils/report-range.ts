import { addCalendarDays, calendarDay, REPORT_LIMITS } from '@portal/contract';

/**
 * The analytics pages' range presets (docs/product/insights.md, Reports over dates), worked out
 * from the browser's today as a UTC day, the way every day of the portal is dated.
 */

export const RANGE_PRESETS = [
  { value: 'last_7_days', label: 'Last 7 days' },
  { value: 'last_30_days', label: 'Last 30 days' },
  { value: 'this_month', label: 'This month' },
  { value: 'last_month', label: 'Last month' },
  { value: 'flight_to_date', label: 'Flight to date' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

export interface DayRange {
  from: string;
  to: string;
}

/** The preset a page opens with. */
export const DEFAULT_PRESET: RangePreset = 'last_30_days';

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * The days a preset covers, today included. Flight to date starts at `flightStart` (the earliest
 * of the chosen campaigns'), no earlier than a report reaches back, and at today when there is
 * none. Custom keeps `current`.
 */
export function presetRange(
  preset: RangePreset,
  today: string = calendarDay(new Date()),
  { current, flightStart }: { current?: DayRange; flightStart?: string | null } = {},
): DayRange {
  switch (preset) {
    case 'last_7_days':
      return { from: addCalendarDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addCalendarDays(today, -29), to: today };
    case 'this_month':
      return { from: firstOfMonth(today), to: today };
    case 'last_month': {
      const lastDay = addCalendarDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(lastDay), to: lastDay };
    }
    case 'flight_to_date': {
      const earliest = addCalendarDays(today, 1 - REPORT_LIMITS.maxDays);
      const from = !flightStart || flightStart > today ? today : flightStart < earliest ? earliest : flightStart;
      return { from, to: today };
    }
    case 'custom':
      return current ?? presetRange(DEFAULT_PRESET, today);
  }
}

/** A preset's name as the address carries it, or undefined for one that is not. */
export const readPreset = (value: string | undefined): RangePreset | undefined =>
  RANGE_PRESETS.find((preset) => preset.value === value)?.value;
