import {
  FIGURES,
  fieldLabelOf,
  STATISTICS_MESSAGES,
  calendarDay,
  calendarMinute,
  formatLegacyDateTime,
  parseIsoDate,
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

/**
 * A day as the dialog sends it, 'D MMM YYYY 00:00:00' ("18 Nov 2026 00:00:00"), from a date
 * input's 'YYYY-MM-DD'; undefined when the value is not a real day.
 */
export function statisticsDay(day: string): string | undefined {
  const date = parseIsoDate(day.slice(0, 10));
  return date && formatLegacyDateTime(date);
}

/**
 * A posting date as the dialog sends it, 'D MMM YYYY HH:mm:ss' ("18 Nov 2026 10:30:00"), from a
 * datetime-local input's 'YYYY-MM-DDTHH:mm', read as UTC; undefined when it is not one.
 */
export function statisticsDateTime(value: string): string | undefined {
  const date = value.includes('T') ? parseIsoDate(value) : undefined;
  return date && formatLegacyDateTime(date);
}

/** Today in UTC as a date input's value, the latest day an entry can be as of. */
export const todayUtc = (now = new Date()): string => calendarDay(now);

/** A stored timestamp as a date input's value (UTC); '' for none. */
const dayOf = (iso: string | null | undefined): string => {
  const date = iso ? parseIsoDate(iso) : undefined;
  return date ? calendarDay(date) : '';
};

/** A stored timestamp as a datetime-local input's value (UTC); '' for none. */
const dateTimeOf = (iso: string): string => {
  const date = parseIsoDate(iso);
  return date ? calendarMinute(date) : '';
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
