import { z } from 'zod';
import { MAX_ID } from '../common/common.schemas';
import { DAY_RANGE_MESSAGES, dayField, daysOutOfOrder, isDay } from '../common/day-range';
import { listQuerySchema } from '../common/list.schemas';
import { FIGURES, type Figure, type FigureKey } from './figures';

/**
 * Reports over dates (docs/product/insights.md, Reports over dates): the daily values of the
 * figures between two days, for an advertiser account, the whole portal, one campaign, or two
 * to four campaigns side by side, and the CSV files that follow the same range.
 */

export const REPORT_LIMITS = { maxDays: 366, minCompared: 2, maxCompared: 4 } as const;

export const REPORT_MESSAGES = {
  ...DAY_RANGE_MESSAGES,
  tooLong: `A report covers at most ${REPORT_LIMITS.maxDays} days`,
  incomplete: 'Give both from and to, or neither',
  form: 'The form must be per_day or totals',
  formWithoutRange: 'A form needs from and to',
  ids: 'Campaigns must be ids separated by commas',
  compared: `Choose ${REPORT_LIMITS.minCompared} to ${REPORT_LIMITS.maxCompared} campaigns to compare`,
} as const;

/**
 * The figures a report sums: every figure but duration, whose hours do not add up across days
 * or campaigns (the daily ledgers leave it out for the same reason).
 */
export const REPORT_FIGURES = FIGURES.filter(
  (figure): figure is Figure & { key: ReportFigureKey } => figure.unit !== 'hours',
);
export type ReportFigureKey = Exclude<FigureKey, 'duration'>;

/** How many days a range holds, both ends included. Days are UTC midnights, so this is exact. */
export const daysInRange = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

type RangeFields = { from?: string; to?: string };
/** The rules between the two ends, each refusal on the field it is about. */
const rangeIssues = (range: RangeFields): { path: string; message: string } | undefined => {
  if ((range.from === undefined) !== (range.to === undefined)) {
    return { path: range.from === undefined ? 'from' : 'to', message: REPORT_MESSAGES.incomplete };
  }
  if (daysOutOfOrder(range)) return { path: 'from', message: REPORT_MESSAGES.order };
  // An end that is not a day has its own message already; the two are compared only as days.
  if (range.from === undefined || range.to === undefined || !isDay(range.from) || !isDay(range.to)) return undefined;
  if (daysInRange(range.from, range.to) > REPORT_LIMITS.maxDays)
    return { path: 'to', message: REPORT_MESSAGES.tooLong };
  return undefined;
};
/** The range rules of a report's days, for a schema that holds `from` and `to` among other fields. */
export const checkReportRange = <T extends RangeFields>(context: z.core.$RefinementCtx<T>, range: T) => {
  const issue = rangeIssues(range);
  if (issue) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message, input: range });
};

/** The fields of a report's days, for a schema that holds them among others (a report link's). */
export const reportRangeFields = {
  from: dayField(REPORT_MESSAGES.from).meta({ description: 'The first day, YYYY-MM-DD' }),
  to: dayField(REPORT_MESSAGES.to).meta({ description: 'The last day, YYYY-MM-DD; at most 366 days after from' }),
};

/** A report's days: from and to, both included, at most 366 days. */
export const reportQuerySchema = z
  .object(reportRangeFields)
  .superRefine((range, context) => checkReportRange(context, range));
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** "1,2,3": two to four campaign ids, each once. */
const comparedIds = z
  .string({ error: REPORT_MESSAGES.ids })
  .refine((text) => /^\d{1,10}(,\d{1,10})*$/.test(text), { error: REPORT_MESSAGES.ids, abort: true })
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), { error: REPORT_MESSAGES.ids, abort: true })
  .refine((ids) => ids.length >= REPORT_LIMITS.minCompared && ids.length <= REPORT_LIMITS.maxCompared, {
    error: REPORT_MESSAGES.compared,
  })
  .meta({ description: 'Two to four campaign ids, separated by commas' });

export const comparisonQuerySchema = z
  .object({ ids: comparedIds, ...reportRangeFields })
  .superRefine((query, context) => checkReportRange(context, query));
export type ComparisonQuery = z.output<typeof comparisonQuerySchema>;

/** The CSV files' forms: one row per campaign and day, or one per campaign with the range's sums. */
export const EXPORT_FORMS = ['per_day', 'totals'] as const;
export type ExportForm = (typeof EXPORT_FORMS)[number];

/**
 * The CSV export's query: the page's search, and optionally a range with its form (totals unless
 * said). Without a range the file is the current figures, as it always was.
 */
export const analyticsExportQuerySchema = listQuerySchema
  .pick({ search: true })
  .extend({
    from: reportRangeFields.from.optional(),
    to: reportRangeFields.to.optional(),
    form: z
      .enum(EXPORT_FORMS, { error: REPORT_MESSAGES.form })
      .optional()
      .meta({ description: 'With a range: per_day (a row per campaign and day) or totals (the default)' }),
  })
  .superRefine((query, context) => {
    checkReportRange(context, query);
    if (query.form !== undefined && query.from === undefined && query.to === undefined) {
      context.addIssue({ code: 'custom', path: ['form'], message: REPORT_MESSAGES.formWithoutRange, input: query });
    }
  });
export type AnalyticsExportQuery = z.output<typeof analyticsExportQuerySchema>;

/** One value per report figure: dollars for money, whole numbers otherwise. */
const reportFiguresSchema = z
  .object(
    Object.fromEntries(REPORT_FIGURES.map((figure) => [figure.key, z.number()])) as Record<
      ReportFigureKey,
      z.ZodNumber
    >,
  )
  .meta({ id: 'ReportFigures' });
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

const reportDaySchema = reportFiguresSchema.extend({ date: z.string() }).meta({ id: 'ReportDay' });
export type ReportDay = z.infer<typeof reportDaySchema>;

/** What a report says over its days: the sum of each figure's daily values, and every day's values. */
const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The sums of the daily values over the range. */
  totals: reportFiguresSchema,
  /** Every day of the range, in order, with its values (0 on a day without change). */
  days: z.array(reportDaySchema),
});
export type Report = z.infer<typeof reportSchema>;

const campaignReportSchema = reportSchema
  .extend({
    campaign_id: z.number().int(),
    campaign_name: z.string(),
    /** The first day of the campaign's flight, YYYY-MM-DD; null before it is published. */
    flight_start: z.string().nullable(),
  })
  .meta({ id: 'CampaignReport' });
export type CampaignReport = z.infer<typeof campaignReportSchema>;

export const reportResponseSchema = z.object({ data: reportSchema }).meta({ id: 'ReportResponse' });
export const campaignReportResponseSchema = z
  .object({ data: campaignReportSchema })
  .meta({ id: 'CampaignReportResponse' });
export const comparisonResponseSchema = z
  .object({ data: z.object({ from: z.string(), to: z.string(), campaigns: z.array(campaignReportSchema) }) })
  .meta({ id: 'ComparisonResponse' });
export type Comparison = z.infer<typeof comparisonResponseSchema>['data'];

/**
 * The first day of a campaign's flight, the start of "Flight to date": its start date, or, for a
 * campaign that runs from its approval (no start date), the day it was published.
 */
export const flightStartOf = (campaign: { start_date: string | null; published_on: string | null }): string | null =>
  campaign.start_date ?? (campaign.published_on ? campaign.published_on.slice(0, 10) : null);
