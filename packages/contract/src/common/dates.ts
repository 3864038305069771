import { utc } from '@date-fns/utc';
import { addDays, format, isValid, parse, parseISO, startOfISOWeek } from 'date-fns';

/**
 * How the portal reads and writes dates, on both sides. On the wire a day is 'YYYY-MM-DD' and
 * an instant ISO 8601 in UTC ("2026-11-18T10:30:00.000Z"); the other forms live only at the
 * edges: what people read, 'D MMM YYYY' ("18 Nov 2026"; docs/product/campaigns.md, Campaign
 * record), and the form the figures entry takes its dates in, 'D MMM YYYY HH:mm:ss'
 * ("18 Nov 2026 00:00:00"; docs/product/insights.md, Statistics entries). Every day is a UTC
 * day (docs/product/README.md, Reading these files), so each function reads and writes in UTC
 * (`in: utc`) and gives the same answer whatever the time zone of the process or the browser.
 */

const DAY = 'yyyy-MM-dd';
const DISPLAY_DAY = 'd MMM yyyy';
const LEGACY_DATE_TIME = `${DISPLAY_DAY} HH:mm:ss`;

/**
 * The shapes accepted before date-fns reads a text: its parsers also take two-digit years,
 * ISO week dates and the like, which no client of the portal sends.
 */
const ISO_SHAPE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const LEGACY_SHAPE = /^\d{1,2} [A-Za-z]{3} \d{4}( \d{2}:\d{2}:\d{2})?$/;

/** A plain Date of a valid date-fns result (a UTCDate), undefined for an impossible one (31 Feb). */
const validOrNone = (date: Date): Date | undefined => (isValid(date) ? new Date(date.getTime()) : undefined);

/**
 * An ISO 8601 day ('2026-11-18') or date and time ('2026-11-18T10:30', seconds and an offset
 * optional; none means UTC); undefined for anything else or a day that does not exist.
 */
export function parseIsoDate(text: string): Date | undefined {
  const trimmed = text.trim();
  return ISO_SHAPE.test(trimmed) ? validOrNone(parseISO(trimmed, { in: utc })) : undefined;
}

/**
 * The figures entry's form, 'D MMM YYYY HH:mm:ss' ("18 Nov 2026 00:00:00") or the day alone
 * ("18 Nov 2026"), month names in any case, read as UTC; undefined for anything else or a day
 * that does not exist.
 */
export function parseLegacyDateTime(text: string): Date | undefined {
  const trimmed = text.trim();
  const shape = LEGACY_SHAPE.exec(trimmed);
  if (!shape) return undefined;
  return validOrNone(parse(trimmed, shape[1] ? LEGACY_DATE_TIME : DISPLAY_DAY, new Date(0), { in: utc }));
}

/** An instant in the figures entry's form, 'D MMM YYYY HH:mm:ss' ("18 Nov 2026 10:30:00"), UTC. */
export const formatLegacyDateTime = (instant: Date): string => format(instant, LEGACY_DATE_TIME, { in: utc });

/** The UTC day of an instant, 'YYYY-MM-DD'. */
export const calendarDay = (instant: Date): string => format(instant, DAY, { in: utc });

/** The UTC day and minute of an instant, 'YYYY-MM-DDTHH:mm', as a datetime-local input holds it. */
export const calendarMinute = (instant: Date): string => format(instant, `${DAY}'T'HH:mm`, { in: utc });

/**
 * The instant a 'YYYY-MM-DD' day begins, as answers carry it: '2026-11-18T00:00:00.000Z'. Written
 * out, since it is the two wire forms side by side and runs for every entry of a CSV export.
 */
export const dayStart = (day: string): string => `${day}T00:00:00.000Z`;

/** The day `days` after a 'YYYY-MM-DD' day (before it when negative). */
export const addCalendarDays = (day: string, days: number): string =>
  calendarDay(addDays(parseISO(day, { in: utc }), days));

/** The Monday of the ISO week (Monday to Sunday, UTC) a 'YYYY-MM-DD' day is in. */
export const isoWeekMonday = (day: string): string => calendarDay(startOfISOWeek(parseISO(day, { in: utc })));

/** An instant given as a Date or as ISO 8601 text; undefined for none or one that does not read. */
const instantOf = (value: Date | string | null | undefined): Date | undefined =>
  typeof value === 'string' ? parseIsoDate(value) : value && isValid(value) ? value : undefined;

/** 'D MMM YYYY' ("2 Nov 2026", UTC) of an instant or ISO text; '' for none or one that does not read. */
export function formatDate(value: Date | string | null | undefined): string {
  const instant = instantOf(value);
  return instant ? format(instant, DISPLAY_DAY, { in: utc }) : '';
}

/** 'D MMM YYYY' ("2 Nov 2026") of a 'YYYY-MM-DD' day: a statement's line, an invoice's period. */
export const formatDay = (day: string): string => formatDate(dayStart(day));

/** 'D MMM YYYY, HH:mm UTC' ("2 Nov 2026, 14:05 UTC") of an instant or ISO text, for histories; '' for none. */
export function formatDateTime(value: Date | string | null | undefined): string {
  const instant = instantOf(value);
  return instant ? format(instant, `${DISPLAY_DAY}, HH:mm 'UTC'`, { in: utc }) : '';
}
