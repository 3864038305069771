import {
  FIGURES,
  fieldLabelOf,
  STATISTICS_MESSAGES,
  statisticsRequestSchema,
  type Figure,
  type FigureKey,
  type StatisticsEntry,
} from '@portal/contract';

/**
 * The Edit metrics dialog's values and how they are sent (docs/product/insights.md, Statistics
 * entries): what the form holds, its defaults, the multipart fields and the checks made before
 * sending, which are the contract's own so that the messages are the server's.
 */

/** A figure's field label; hours say so, as the field takes a number only. */
export const figureFieldLabel = (figure: Figure) =>
  figure.unit === 'hours' ? `${fieldLabelOf(figure)} (hours)` : fieldLabelOf(figure);

export type EditMetricsValues = {
  /** A NumberInput's value: a number, or '' while empty. */
  [Key in FigureKey]: number | string;
} & {
  /** The day the figures are as of, as a date input gives it ('YYYY-MM-DD'). */
  created_at: string;
  /** 'YYYY-MM-DD', or '' while empty. */
  date_paid: string;
  /** The posting dates and times, as a datetime-local input gives them ('YYYY-MM-DDTHH:mm'), in UTC. */
  dates: string[];
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const INPUT_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** A date input's 'YYYY-MM-DD' (or a datetime-local's value) as a UTC date; undefined when it names no real day. */
function inputDate(value: string): Date | undefined {
  const match = INPUT_DATE.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  const sameDay = date.getUTCDate() === day && date.getUTCMonth() === month - 1;
  return sameDay && hours < 24 && minutes < 60 && seconds < 60 ? date : undefined;
}

/** 'D MMM YYYY HH:mm:ss' of a UTC date. */
function wireDate(date: Date): string {
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${time}`;
}

/**
 * A day as the dialog sends it, 'D MMM YYYY 00:00:00' ("18 Nov 2026 00:00:00"), from a date
 * input's 'YYYY-MM-DD'; undefined when the value is not a real day.
 */
export function statisticsDay(day: string): string | undefined {
  const date = inputDate(day.slice(0, 10));
  return date && wireDate(date);
}

/**
 * A posting date as the dialog sends it, 'D MMM YYYY HH:mm:ss' ("18 Nov 2026 10:30:00"), from a
 * datetime-local input's 'YYYY-MM-DDTHH:mm', read as UTC; undefined when it is not one.
 */
export function statisticsDateTime(value: string): string | undefined {
  const date = value.includes('T') ? inputDate(value) : undefined;
  return date && wireDate(date);
}

/** Today in UTC as a date input's value, the latest day an entry can be as of. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

/** A stored timestamp as a date input's value (UTC); '' for none. */
const dayOf = (iso: string | null | undefined): string => {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : '';
};

/** A stored timestamp as a datetime-local input's value (UTC); '' for none. */
export const dateTimeOf = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
};

/**
 * What the dialog starts with: the current entry's figures when there is one (a new entry
 * usually continues the running totals), else Duration 24, Link clicks and Leads 0 and the rest
 * empty; the day is today, Date paid the campaign's latest payment (else the current entry's).
 */
export function editMetricsValues({
  datePaid,
  current,
  today,
}: {
  datePaid?: string | null;
  current?: StatisticsEntry | null;
  today: string;
}): EditMetricsValues {
  const figures = Object.fromEntries(
    FIGURES.map(({ key, required }) => [key, current?.[key] ?? (key === 'duration' ? 24 : required ? '' : 0)]),
  ) as Record<FigureKey, number | string>;
  return {
    ...figures,
    created_at: today,
    date_paid: dayOf(datePaid) || dayOf(current?.date_paid),
    dates: (current?.dates ?? []).map(dateTimeOf).filter(Boolean),
  };
}

/** The multipart fields of POST /campaign/add-update-performance-stats/{id}; a value that is no date goes as typed, for the server to refuse. */
export function statisticsFields(values: EditMetricsValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { key } of FIGURES) fields[key] = String(values[key]).trim();
  fields.created_at = statisticsDay(values.created_at) ?? values.created_at;
  fields.date_paid = statisticsDay(values.date_paid) ?? values.date_paid;
  values.dates.forEach((value, index) => {
    fields[`dates[${index}]`] = statisticsDateTime(value) ?? value;
  });
  return fields;
}

/** A field's errors as the form shows them: one field per name, `dates.1` under `dates`. */
export function fieldOf(path: string): string {
  return path.split('.')[0] ?? path;
}

/**
 * The checks made before sending: the contract's schema over the fields that would be sent,
 * and a day after today (the server's own check). The first message of each field.
 */
export function validateEditMetrics(values: EditMetricsValues, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = statisticsRequestSchema.safeParse(statisticsFields(values));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    if (field) errors[field] ??= issue.message;
  }
  if (!errors.created_at && values.created_at > today) errors.created_at = STATISTICS_MESSAGES.dateInFuture;
  return errors;
}
