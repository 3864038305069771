import { z } from 'zod';
import { idSchema } from '../common/common.schemas';
import { addCalendarDays, isoWeekMonday } from '../common/dates';
import { startOfDayIn, todayIn } from '../campaigns/flight';

/**
 * Scheduled reports (docs/product/insights.md, Scheduled reports; decision 036): a user's
 * e-mail of an advertiser account's figures every Monday (the week before) or every 1st (the
 * month before), with the change from the period before and the CSV file attached. Periods are
 * calendar days in the account's time zone.
 */
export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_FREQUENCY_TEXTS: Record<ReportFrequency, { label: string; when: string; change: string }> = {
  weekly: { label: 'Weekly', when: 'Every Monday, for the week before', change: 'week over week' },
  monthly: { label: 'Monthly', when: 'On the 1st of every month, for the month before', change: 'month over month' },
};

/** At most this many schedules per user. */
export const MAX_REPORT_SCHEDULES = 10;
/** At most this many chosen campaigns per schedule. */
export const MAX_SCHEDULED_CAMPAIGNS = 50;

export const REPORT_SCHEDULE_MESSAGES = {
  frequency: 'Frequency must be weekly or monthly',
  campaigns: 'Campaigns must be a list of campaign ids, or null for every campaign',
  campaignsEmpty: 'Choose at least one campaign, or every campaign',
  tooManyCampaigns: `Choose at most ${MAX_SCHEDULED_CAMPAIGNS} campaigns`,
  unknownCampaign: 'Choose campaigns of this account that have figures',
  tooMany: `You can have at most ${MAX_REPORT_SCHEDULES} scheduled reports. Delete one first.`,
  created: 'Scheduled report added',
  updated: 'Scheduled report saved',
  deleted: 'Scheduled report deleted',
  notFound: 'Scheduled report not found',
  unsubscribed: 'You are unsubscribed: this report will not be sent again.',
  alreadyUnsubscribed: 'You are already unsubscribed from this report.',
  badSignature: 'This unsubscribe link is not valid.',
} as const;

export const reportScheduleRequestSchema = z.object({
  frequency: z.enum(REPORT_FREQUENCIES, { error: REPORT_SCHEDULE_MESSAGES.frequency }),
  /** The chosen campaigns, or null for every campaign of the account (those added later too). */
  campaign_ids: z
    .array(idSchema(REPORT_SCHEDULE_MESSAGES.campaigns), { error: REPORT_SCHEDULE_MESSAGES.campaigns })
    .min(1, REPORT_SCHEDULE_MESSAGES.campaignsEmpty)
    .max(MAX_SCHEDULED_CAMPAIGNS, REPORT_SCHEDULE_MESSAGES.tooManyCampaigns)
    .nullable(),
});
export type ReportScheduleRequest = z.output<typeof reportScheduleRequestSchema>;

export const reportScheduleSchema = z
  .object({
    id: z.number(),
    frequency: z.enum(REPORT_FREQUENCIES),
    campaign_ids: z.array(z.number()).nullable(),
    /** The first day of the next period to be sent, in the account's time zone: the report goes out when it ends. */
    next_send_on: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ReportSchedule' });
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleListResponseSchema = z
  .object({ data: z.array(reportScheduleSchema) })
  .meta({ id: 'ReportScheduleList' });
export const reportScheduleResponseSchema = z
  .object({ message: z.string(), data: reportScheduleSchema })
  .meta({ id: 'ReportScheduleResponse' });

/** The unsubscribe link's query: the schedule and its signature (HMAC of the server's secret). */
export const unsubscribeQuerySchema = z.object({
  schedule: z.string({ error: REPORT_SCHEDULE_MESSAGES.badSignature }).max(12, REPORT_SCHEDULE_MESSAGES.badSignature),
  signature: z.string({ error: REPORT_SCHEDULE_MESSAGES.badSignature }).max(100, REPORT_SCHEDULE_MESSAGES.badSignature),
});

/** The web page the e-mail's link opens; it unsubscribes as it loads. */
export const REPORT_UNSUBSCRIBE_PAGE = '/report-unsubscribe';

/** A period reported: its days (both included), those of the period before, and the instant it ends. */
export interface ReportPeriod {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** The local midnight after `to`, in the account's time zone: the report is due from then. */
  endsAt: Date;
}

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const monthBefore = (first: string) => firstOfMonth(addCalendarDays(first, -1));

/** The period of `frequency` that starts on `start` (a Monday or a 1st) and the one before it. */
function periodStarting(frequency: ReportFrequency, start: string, timeZone: string): ReportPeriod {
  const next = frequency === 'weekly' ? addCalendarDays(start, 7) : firstOfMonth(addCalendarDays(start, 31));
  const previousFrom = frequency === 'weekly' ? addCalendarDays(start, -7) : monthBefore(start);
  return {
    from: start,
    to: addCalendarDays(next, -1),
    previousFrom,
    previousTo: addCalendarDays(start, -1),
    endsAt: startOfDayIn(next, timeZone),
  };
}

/**
 * The last whole period at `now` in the time zone: the week (Monday to Sunday) before this
 * week's Monday, or the month before this month's 1st, each with the period before it.
 */
export function lastReportPeriod(frequency: ReportFrequency, now: Date, timeZone: string): ReportPeriod {
  const today = todayIn(timeZone, now);
  const current = frequency === 'weekly' ? isoWeekMonday(today) : firstOfMonth(today);
  const start = frequency === 'weekly' ? addCalendarDays(current, -7) : monthBefore(current);
  return periodStarting(frequency, start, timeZone);
}

/** The period that is running at `now` in the time zone: its report goes out when it ends. */
export function currentReportPeriod(frequency: ReportFrequency, now: Date, timeZone: string): ReportPeriod {
  const today = todayIn(timeZone, now);
  return periodStarting(frequency, frequency === 'weekly' ? isoWeekMonday(today) : firstOfMonth(today), timeZone);
}

/**
 * The change of a figure from the period before, as the e-mail writes it: "+12.5%", "-3.0%",
 * "no change", or "new" when the period before had none.
 */
export function reportChange(current: number, previous: number): string {
  if (current === previous) return 'no change';
  if (previous === 0) return 'new';
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

/** The scheduled report's e-mail (docs/product/insights.md, Scheduled reports). */
export const REPORT_MAIL_TEXTS = {
  subject: (frequency: ReportFrequency, accountName: string, days: string) =>
    `${REPORT_FREQUENCY_TEXTS[frequency].label} report for ${accountName}, ${days}`,
  intro: (campaigns: number, days: string, previousDays: string) =>
    `The totals of ${campaigns === 1 ? '1 campaign' : `${campaigns} campaigns`} from ${days}, with the change from ${previousDays}:`,
  attached: 'The attached CSV file has a row per campaign with its totals.',
  chosenOnly: 'This report covers the campaigns you chose that are still on your analytics page.',
  unsubscribe: 'Unsubscribe from this report',
} as const;
