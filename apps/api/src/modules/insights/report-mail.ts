import {
  formatDay,
  formatUsd,
  REPORT_FIGURES,
  REPORT_MAIL_TEXTS,
  reportChange,
  type ReportFrequency,
} from '@portal/contract';
import { composeMail, defineTemplate } from '../mail';
import type { ReportService } from './report.service';

/** A scheduled report's message as the queue keeps it: texts only, the figures are read when it is sent. */
export type ScheduledReportParams = {
  frequency: ReportFrequency;
  accountName: string;
  advertiserId: string;
  /** The chosen campaigns' ids separated by commas; '' for every campaign. */
  campaignIds: string;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** The web page that unsubscribes as it opens, and the API address mail programs post to (RFC 8058). */
  unsubscribeUrl: string;
  oneClickUrl: string;
};

export const SCHEDULED_REPORT_TEMPLATE = 'scheduled_report';

const daysOf = (from: string, to: string) => `${formatDay(from)} to ${formatDay(to)}`;

/**
 * The scheduled report's e-mail (docs/product/insights.md, Scheduled reports): every report
 * figure's total over the period with its change from the period before, the CSV file of the
 * campaigns' totals attached, and the one-click unsubscribe link and headers. The figures are
 * read when the message is sent: the queue keeps parameters, never files (decision 006).
 */
export const scheduledReportWith = (reports: ReportService) =>
  defineTemplate<ScheduledReportParams>(SCHEDULED_REPORT_TEMPLATE, async (params, { productName }) => {
    const { frequency, from, to, previousFrom, previousTo } = params;
    const report = await reports.periodReport(
      { advertiserId: Number(params.advertiserId) },
      params.campaignIds ? params.campaignIds.split(',').map(Number) : null,
      { from, to },
      { from: previousFrom, to: previousTo },
    );
    const written = (unit: string, value: number) => (unit === 'money' ? formatUsd(value) : String(value));
    const lines = REPORT_FIGURES.map(
      ({ key, label, unit }) =>
        `${label}: ${written(unit, report.totals[key])} (${reportChange(report.totals[key], report.previous[key])})`,
    );
    const content = composeMail(
      productName,
      REPORT_MAIL_TEXTS.subject(frequency, params.accountName, daysOf(from, to)),
      [
        [REPORT_MAIL_TEXTS.intro(report.campaigns, daysOf(from, to), daysOf(previousFrom, previousTo))],
        ...lines.map((line) => [line]),
        ...(params.campaignIds ? [[REPORT_MAIL_TEXTS.chosenOnly]] : []),
        [REPORT_MAIL_TEXTS.attached],
        [{ link: params.unsubscribeUrl, label: REPORT_MAIL_TEXTS.unsubscribe }],
      ],
    );
    return {
      ...content,
      attachments: [{ filename: report.fileName, contentType: 'text/csv; charset=utf-8', content: report.csv }],
      headers: {
        'List-Unsubscribe': `<${params.oneClickUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  });
