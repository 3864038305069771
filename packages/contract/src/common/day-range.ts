import { z } from 'zod';

/**
 * Days a query names (a report's range, the payments list's dates), written YYYY-MM-DD, each a
 * UTC day (see dates.ts), and the one rule between two of them: from is not after to.
 */
export const DAY_RANGE_MESSAGES = {
  from: 'From must be a day in the form YYYY-MM-DD',
  to: 'To must be a day in the form YYYY-MM-DD',
  order: 'From cannot be after to',
} as const;

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (no 31 Feb): it reads back as itself. */
export const isDay = (text: string): boolean =>
  DAY_SHAPE.test(text) && !Number.isNaN(Date.parse(text)) && new Date(text).toISOString().startsWith(text);

/** A day in a query; anything else gets `message`. */
export const dayField = (message: string) => z.string({ error: message }).refine(isDay, { error: message });

/**
 * Whether both ends are given, are days, and from comes after to. An end that is not a day has
 * its own message already, so the two are compared only as days.
 */
export const daysOutOfOrder = ({ from, to }: { from?: string; to?: string }): boolean =>
  from !== undefined && to !== undefined && isDay(from) && isDay(to) && from > to;
