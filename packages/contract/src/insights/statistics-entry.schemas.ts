import { z } from 'zod';
import { gatherIndexedField, isWholeCents } from '../common/common.schemas';
import { parseIsoDate, parseLegacyDateTime } from '../common/dates';
import { FIGURES, type FigureKey, type FigureUnit } from './figures';

/** Each figure in an answer: dollars for money, whole numbers otherwise. */
const figureAnswers = Object.fromEntries(
  FIGURES.map((figure) => [figure.key, figure.unit === 'money' ? z.number() : z.number().int()]),
) as Record<FigureKey, z.ZodNumber>;

/**
 * One statistics entry as campaign answers carry it (docs/product/insights.md, Statistics
 * entries): the campaign's running totals as of `created_at`. Campaign answers list entries
 * newest first, so `statistics[0]` holds the current figures.
 */
export const statisticsEntrySchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    date_paid: z.string().nullable(),
    ...figureAnswers,
    dates: z.array(z.string()),
  })
  .meta({ id: 'StatisticsEntry' });
export type StatisticsEntry = z.infer<typeof statisticsEntrySchema>;

export const STATISTICS_MESSAGES = {
  negative: 'Value cannot be negative',
  notANumber: 'Value must be a number',
  notWhole: 'Value must be a whole number',
  tooManyDecimals: 'Value can have at most two decimals',
  dateRequired: 'Date required',
  dateInvalid: 'Please enter a valid date',
  dateInFuture: 'The date cannot be in the future',
  datesRequired: 'At least one date is required',
  updated: 'Campaign statistics updated successfully',
  notApproved: 'Figures can be entered for approved campaigns only',
  tooLarge: 'Value is too large',
} as const;

/**
 * The largest figure an entry takes: far beyond any campaign, and small enough that the sums of
 * every campaign's figures stay exact (kept as whole cents in 64-bit columns, read as numbers).
 */
export const STATISTICS_MAX = { money: 1_000_000_000, count: 1_000_000_000_000 } as const;

/**
 * A date as the dialog sends it, 'D MMM YYYY 00:00:00' ("18 Nov 2026 00:00:00"), or ISO 8601;
 * read as UTC. Undefined when it is neither, or names a day that does not exist (31 Feb).
 */
export const parseStatisticsDate = (text: string): Date | undefined => parseLegacyDateTime(text) ?? parseIsoDate(text);

/** A figure from a form field ("12", "12.50") or JSON: required, a number, not negative, cents or whole. */
function figure(unit: FigureUnit, requiredMessage: string) {
  const kind = unit === 'money' ? 'money' : 'count';
  return z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim())) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredMessage : STATISTICS_MESSAGES.notANumber) })
      .refine(Number.isFinite, { error: STATISTICS_MESSAGES.notANumber, abort: true })
      .refine((value) => value >= 0, { error: STATISTICS_MESSAGES.negative, abort: true })
      .refine((value) => value <= STATISTICS_MAX[kind], { error: STATISTICS_MESSAGES.tooLarge, abort: true })
      .refine((value) => (kind === 'count' ? Number.isInteger(value) : isWholeCents(value)), {
        error: kind === 'count' ? STATISTICS_MESSAGES.notWhole : STATISTICS_MESSAGES.tooManyDecimals,
      }),
  );
}

const statisticsDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? STATISTICS_MESSAGES.dateRequired : STATISTICS_MESSAGES.dateInvalid,
    })
    .transform((text, context) => {
      const date = parseStatisticsDate(text);
      if (!date) context.addIssue({ code: 'custom', message: STATISTICS_MESSAGES.dateInvalid });
      return date ?? new Date(NaN);
    }),
);

/** An optional figure (link clicks, leads): 0 when left out or empty. */
const optionalFigure = (unit: FigureUnit) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? 0 : value),
    figure(unit, STATISTICS_MESSAGES.notANumber),
  );

const figureFields = Object.fromEntries(
  FIGURES.map((field) => [field.key, field.required ? figure(field.unit, field.required) : optionalFigure(field.unit)]),
) as Record<FigureKey, ReturnType<typeof figure> | ReturnType<typeof optionalFigure>>;

/** POST /campaign/add-update-performance-stats/{id}: one new entry; other fields sent are ignored. */
export const statisticsRequestSchema = z
  .preprocess(
    gatherIndexedField('dates'),
    z.object({
      ...figureFields,
      created_at: statisticsDate,
      date_paid: statisticsDate,
      dates: z.preprocess(
        (value) => (typeof value === 'string' ? [value] : value),
        z.array(statisticsDate, { error: STATISTICS_MESSAGES.datesRequired }).min(1, {
          error: STATISTICS_MESSAGES.datesRequired,
        }),
      ),
    }),
  )
  .meta({ id: 'StatisticsRequest' });
export type StatisticsValues = z.output<typeof statisticsRequestSchema>;
