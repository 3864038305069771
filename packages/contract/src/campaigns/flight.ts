import { TZDate } from '@date-fns/tz';
import { addDays, addYears, differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';

/**
 * When a campaign runs (docs/product/campaigns.md, Flight dates): a start and an optional end,
 * calendar days ('YYYY-MM-DD') in the advertiser account's time zone, an IANA name. The rules
 * are here once, for the wizard, the Edit dialog and the server alike.
 */

export const FLIGHT_STATES = ['scheduled', 'running', 'ended'] as const;
export type FlightState = (typeof FLIGHT_STATES)[number];

export const FLIGHT_MESSAGES = {
  dateInvalid: 'Please enter a valid date',
  startInPast: 'The start date cannot be in the past',
  endInPast: 'The end date cannot be in the past',
  endBeforeStart: 'The end date cannot be before the start date',
  endTooFar: 'The end date must be within a year of the start date',
  startFixed: 'The start date cannot change once the campaign has started',
} as const;

/** What the date fields say under themselves. */
export const FLIGHT_TEXTS = {
  invalidDatesTitle: 'Invalid dates',
  startHint: 'Empty: as soon as it is approved and paid',
  startFixedHint: 'It has started: the start date is fixed',
  endHint: 'Empty: until you switch it off',
  zoneHint: (timeZone: string) => `Days in your account's time zone, ${timeZone} (My account).`,
} as const;

/** The notification of a campaign's flight moving on its dates. */
export const flightNotice = (campaignName: string, state: 'running' | 'ended') =>
  state === 'running'
    ? `Your campaign "${campaignName}" reached its start date: it runs while it is paid and switched on`
    : `Your campaign "${campaignName}" reached its end date and has ended`;

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A real 'YYYY-MM-DD' day (not 31 Feb). */
export function isCalendarDay(text: string): boolean {
  return DAY_SHAPE.test(text) && isValid(parseISO(text)) && format(parseISO(text), 'yyyy-MM-dd') === text;
}

/** A flight date as a request sends it: a day, or null (or an empty field) for none. */
export const flightDaySchema = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string({ error: FLIGHT_MESSAGES.dateInvalid })
    .refine(isCalendarDay, { error: FLIGHT_MESSAGES.dateInvalid })
    .nullable(),
);

/** The calendar day it is at `now` in the time zone: 'YYYY-MM-DD'. */
export const todayIn = (timeZone: string, now: Date): string => format(new TZDate(now, timeZone), 'yyyy-MM-dd');

/** The instant a day begins in the time zone (its midnight there). */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, timeZone).getTime());
}

/** The day after, 'YYYY-MM-DD'. */
export const nextDay = (day: string): string => format(addDays(parseISO(day), 1), 'yyyy-MM-dd');

/** Days from `from` to `to`, both included: 1 for the same day, 0 or less when `to` is before. */
export const daysFromTo = (from: string, to: string): number =>
  differenceInCalendarDays(parseISO(to), parseISO(from)) + 1;

/** Where a flight stands on `today`: before its start, between its dates, or after its end. */
export function flightStateOn(dates: FlightDates, today: string): FlightState {
  if (dates.end_date && dates.end_date < today) return 'ended';
  if (dates.start_date && dates.start_date > today) return 'scheduled';
  return 'running';
}

/** A campaign has started once it is approved and its start day has come: its start is then fixed. */
export const flightHasStarted = (campaign: { approval_status: string; flight_state: FlightState }): boolean =>
  campaign.approval_status === 'approved' && campaign.flight_state !== 'scheduled';

export interface FlightDates {
  start_date: string | null;
  end_date: string | null;
}

export interface FlightProblem {
  field: 'start_date' | 'end_date';
  message: string;
}

/** A campaign's flight as saved, and whether it has started running (approved, and its start has come). */
export interface SavedFlight extends FlightDates {
  started: boolean;
}

/**
 * What is wrong with a campaign's new flight dates, on `today` in its account's zone. `saved`
 * is the flight as it stands (none for a new campaign): the start of a campaign that has started
 * is fixed, and dates left as they were are not checked against today again.
 */
export function flightProblems(dates: FlightDates, today: string, saved?: SavedFlight): FlightProblem[] {
  const problems: FlightProblem[] = [];
  const startChanged = !saved || saved.start_date !== dates.start_date;
  if (startChanged && saved?.started) problems.push({ field: 'start_date', message: FLIGHT_MESSAGES.startFixed });
  else if (startChanged && dates.start_date && dates.start_date < today)
    problems.push({ field: 'start_date', message: FLIGHT_MESSAGES.startInPast });
  const end = dates.end_date;
  if (!end || (saved && saved.end_date === end && !startChanged)) return problems;
  const start = dates.start_date ?? today;
  if (end < today) problems.push({ field: 'end_date', message: FLIGHT_MESSAGES.endInPast });
  else if (end < start) problems.push({ field: 'end_date', message: FLIGHT_MESSAGES.endBeforeStart });
  else if (end > format(addYears(parseISO(start), 1), 'yyyy-MM-dd'))
    problems.push({ field: 'end_date', message: FLIGHT_MESSAGES.endTooFar });
  return problems;
}
