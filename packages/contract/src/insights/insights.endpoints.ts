import { z } from 'zod';
import { binaryResponseSchema, defineEndpoints, idParams } from '../common/endpoint';
import { listQuerySchema } from '../common/list.schemas';
import { statisticsEntrySchema, statisticsRequestSchema } from './statistics-entry.schemas';
import {
  adminStatisticsResponseSchema,
  analyticsListResponseSchema,
  dashboardStatisticsResponseSchema,
  latestCampaignsResponseSchema,
  pacingPanelResponseSchema,
  weeklySpendResponseSchema,
} from './insights.schemas';
import {
  analyticsExportQuerySchema,
  campaignReportResponseSchema,
  comparisonQuerySchema,
  comparisonResponseSchema,
  reportQuerySchema,
  reportResponseSchema,
} from './reports.schemas';

const analyticsDescription = (shows: string) =>
  `${shows}, newest first, each with its current figures (\`statistics[0]\`) and its \`pacing\` (spend against budget, on today in its account's time zone); \`search\` matches part of the campaign name.`;
const exportDescription = (shows: string) =>
  `${shows} matching \`search\`, every page, as a CSV file (text/csv, UTF-8, a header row). Without \`from\` and \`to\`, a row per campaign with its current figures; with them, the daily values over those days, a row per campaign and day (\`form=per_day\`) or per campaign with their sums (\`form=totals\`, the default). Rows are streamed as they are read; values starting with =, +, - or @ carry a leading apostrophe.`;
const REPORT_RULES =
  "Days are YYYY-MM-DD, from and to included, at most 366 days; a day's value is the total at its end minus the total at the end of the day before (negative after a correction).";

/** Who may ask for an analytics page's reports: its customer, with the right to view campaigns, or administrators. */
type ReportAccess = { access: 'customer'; permission: 'campaigns.view'; apiToken: 'read' } | { access: 'admin' };
const CUSTOMER_REPORTS = { access: 'customer', permission: 'campaigns.view', apiToken: 'read' } as const;
const ADMIN_REPORTS = { access: 'admin' } as const;

/**
 * The three reports of an analytics page at `base` (docs/product/insights.md, Reports over
 * dates): the sums of what `sums` names, one campaign, and two to four campaigns side by side.
 */
const reportEndpoints = <const Access extends ReportAccess>(base: string, access: Access, sums: string) => ({
  sums: {
    ...access,
    method: 'GET',
    path: `${base}/report`,
    tag: 'insights',
    summary: `The daily values of ${sums} between two days`,
    description: REPORT_RULES,
    query: reportQuerySchema,
    response: reportResponseSchema,
    errors: [401, 403, 422],
  } as const,
  campaign: {
    ...access,
    method: 'GET',
    path: `${base}/:id/report`,
    tag: 'insights',
    summary: "The daily values of one analytics campaign's figures between two days",
    description: `${REPORT_RULES} A campaign that is not on the page answers 404.`,
    params: idParams('The campaign id, a whole number'),
    query: reportQuerySchema,
    response: campaignReportResponseSchema,
    errors: [401, 403, 404, 422],
  } as const,
  comparison: {
    ...access,
    method: 'GET',
    path: `${base}/compare`,
    tag: 'insights',
    summary: 'Two to four analytics campaigns side by side over the same days',
    description: `${REPORT_RULES} A campaign that is not on the page answers 404.`,
    query: comparisonQuerySchema,
    response: comparisonResponseSchema,
    errors: [401, 403, 404, 422],
  } as const,
});
const customerReports = reportEndpoints('/customer/campaigns-analytics', CUSTOMER_REPORTS, "the account's campaigns");
const adminReports = reportEndpoints('/all-campaigns-analytics', ADMIN_REPORTS, 'every campaign of the portal');

/** Figures, dashboards and analytics (docs/product/insights.md). */
export const insightsEndpoints = defineEndpoints({
  saveStatistics: {
    method: 'POST',
    path: '/campaign/add-update-performance-stats/:id',
    access: 'admin',
    tag: 'insights',
    summary: "Add an entry of an approved campaign's figures",
    description:
      'Every save adds a new entry, the running totals as of `created_at`; nothing is overwritten. Days are sent as `D MMM YYYY 00:00:00` or ISO 8601.',
    params: idParams('The campaign id, a whole number'),
    body: statisticsRequestSchema,
    response: z.object({ message: z.string(), data: statisticsEntrySchema }).meta({ id: 'StatisticsResponse' }),
    errors: [401, 403, 404, 409, 422],
  },
  dashboardStatistics: {
    method: 'GET',
    path: '/customer/campaigns-statistics',
    access: 'customer',
    permission: 'campaigns.view',
    apiToken: 'read',
    tag: 'insights',
    summary: "The 16 dashboard figures over the caller's campaigns, each with its change from last week",
    response: dashboardStatisticsResponseSchema,
    errors: [401, 403],
  },
  weeklySpend: {
    method: 'GET',
    path: '/customer/weekly-spent',
    access: 'customer',
    permission: 'campaigns.view',
    apiToken: 'read',
    tag: 'insights',
    summary: 'Amount spent per day, this week and last week (Monday to Sunday, UTC)',
    response: weeklySpendResponseSchema,
    errors: [401, 403],
  },
  latestCampaigns: {
    method: 'GET',
    path: '/customer/latest-campaigns-metrics',
    access: 'customer',
    permission: 'campaigns.view',
    apiToken: 'read',
    tag: 'insights',
    summary: "The caller's 5 newest campaigns that are neither drafts nor archived, with their current figures",
    response: latestCampaignsResponseSchema,
    errors: [401, 403],
  },
  pacingPanel: {
    method: 'GET',
    path: '/customer/campaigns-pacing',
    access: 'customer',
    permission: 'campaigns.view',
    apiToken: 'read',
    tag: 'insights',
    summary: "The account's 5 running campaigns that have used the most of their budget, with their pacing",
    description:
      "Approved campaigns that are not archived and whose flight is running, ordered by amount spent ÷ budget (those without a budget last); `pacing` as on the analytics pages, on today in the account's time zone.",
    response: pacingPanelResponseSchema,
    errors: [401, 403],
  },
  customerAnalytics: {
    method: 'GET',
    path: '/customer/campaigns-analytics',
    access: 'customer',
    permission: 'campaigns.view',
    apiToken: 'read',
    tag: 'insights',
    summary: "The caller's approved campaigns with their figures",
    description: analyticsDescription('Approved campaigns, archived ones included'),
    query: listQuerySchema,
    response: analyticsListResponseSchema,
    errors: [401, 403, 422],
  },
  customerAnalyticsExport: {
    method: 'GET',
    path: '/customer/campaigns-analytics/export',
    access: 'customer',
    permission: 'campaigns.view',
    apiToken: 'read',
    tag: 'insights',
    summary: "The caller's analytics as a CSV file",
    description: exportDescription("The caller's approved campaigns"),
    query: analyticsExportQuerySchema,
    response: binaryResponseSchema,
    errors: [401, 403, 422],
  },
  adminStatistics: {
    method: 'GET',
    path: '/admin-dashboard-stats',
    access: 'admin',
    tag: 'insights',
    summary: "The administrators' dashboard tiles over the whole portal",
    response: adminStatisticsResponseSchema,
    errors: [401, 403],
  },
  allAnalytics: {
    method: 'GET',
    path: '/all-campaigns-analytics',
    access: 'admin',
    tag: 'insights',
    summary: 'Every approved campaign with its figures',
    description: analyticsDescription('Every approved campaign'),
    query: listQuerySchema,
    response: analyticsListResponseSchema,
    errors: [401, 403, 422],
  },
  allAnalyticsExport: {
    method: 'GET',
    path: '/all-campaigns-analytics/export',
    access: 'admin',
    tag: 'insights',
    summary: 'Every approved campaign with its figures, as a CSV file',
    description: exportDescription('Every approved campaign, with its customer,'),
    query: analyticsExportQuerySchema,
    response: binaryResponseSchema,
    errors: [401, 403, 422],
  },
  customerReport: customerReports.sums,
  customerCampaignReport: customerReports.campaign,
  customerComparison: customerReports.comparison,
  allReport: adminReports.sums,
  allCampaignReport: adminReports.campaign,
  allComparison: adminReports.comparison,
});
