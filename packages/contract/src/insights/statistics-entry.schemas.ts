import { z } from 'zod';
import { gatherIndexedField, isWholeCents } from '../common/common.schemas';

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
    amount_spent: z.number(),
    ad_cost: z.number(),
    followers_count: z.number().int(),
    posts: z.number().int(),
    duration: z.number().int(),
    total_reach: z.number().int(),
    post_reach: z.number().int(),
    story_reach: z.number().int(),
    total_impressions: z.number().int(),
    post_impressions: z.number().int(),
    story_impressions: z.number().int(),
    post_likes: z.number().int(),
    post_comments: z.number().int(),
    post_shares: z.number().int(),
    post_saves: z.number().int(),
    story_account_taps: z.number().int(),
    stories_with_link: z.number().int(),
    link_clicks: z.number().int(),
    lead_generated: z.number().int(),
    dates: z.array(z.string()),
  })
  .meta({ id: 'StatisticsEntry' });
export type StatisticsEntry = z.infer<typeof statisticsEntrySchema>;

/**
 * Entering figures (docs/product/insights.md, Statistics entries): the fields of the Edit
 * metrics dialog, sent as multipart, with their messages.
 */
export const STATISTICS_FIELDS = {
  amount_spent: { kind: 'money', required: 'Amount spent is required' },
  ad_cost: { kind: 'money', required: 'Ad cost is required' },
  followers_count: { kind: 'count', required: 'Followers count is required' },
  posts: { kind: 'count', required: 'Posts count is required' },
  duration: { kind: 'count', required: 'Duration is required' },
  total_reach: { kind: 'count', required: 'Total reach is required' },
  post_reach: { kind: 'count', required: 'Post reach is required' },
  story_reach: { kind: 'count', required: 'Story reach is required' },
  total_impressions: { kind: 'count', required: 'Total impressions count is required' },
  post_impressions: { kind: 'count', required: 'Post impressions count is required' },
  story_impressions: { kind: 'count', required: 'Story impressions count is required' },
  post_likes: { kind: 'count', required: 'Likes count is required' },
  post_comments: { kind: 'count', required: 'Comments count is required' },
  post_shares: { kind: 'count', required: 'Shares count is required' },
  post_saves: { kind: 'count', required: 'Saves count is required' },
  story_account_taps: { kind: 'count', required: 'Story account taps count is required' },
  stories_with_link: { kind: 'count', required: 'Stories with link count is required' },
} as const;

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

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date as the dialog sends it, 'D MMM YYYY 00:00:00' ("18 Nov 2026 00:00:00"), or ISO 8601;
 * read as UTC. Undefined when it is neither, or names a day that does not exist (31 Feb).
 */
export function parseStatisticsDate(text: string): Date | undefined {
  const dialog = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text.trim());
  if (dialog) {
    const [, day, month, year, hours = '0', minutes = '0', seconds = '0'] = dialog;
    const monthIndex = MONTHS.indexOf(month!.toLowerCase());
    if (monthIndex < 0) return undefined;
    const date = new Date(
      Date.UTC(Number(year), monthIndex, Number(day), Number(hours), Number(minutes), Number(seconds)),
    );
    return date.getUTCDate() === Number(day) && date.getUTCMonth() === monthIndex ? date : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text.trim())) return undefined;
  const iso = new Date(text.trim());
  return Number.isNaN(iso.getTime()) ? undefined : iso;
}

/** A figure from a form field ("12", "12.50") or JSON: required, a number, not negative, cents or whole. */
function figure(kind: 'money' | 'count', requiredMessage: string) {
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

const figureFields = Object.fromEntries(
  Object.entries(STATISTICS_FIELDS).map(([name, field]) => [name, figure(field.kind, field.required)]),
) as { [Name in keyof typeof STATISTICS_FIELDS]: ReturnType<typeof figure> };

/** Link clicks and leads: 0 when left out or empty. */
const optionalFigure = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? 0 : value),
  figure('count', STATISTICS_MESSAGES.notANumber),
);

/** POST /campaign/add-update-performance-stats/{id}: one new entry; other fields sent are ignored. */
export const statisticsRequestSchema = z
  .preprocess(
    gatherIndexedField('dates'),
    z.object({
      ...figureFields,
      link_clicks: optionalFigure,
      lead_generated: optionalFigure,
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
