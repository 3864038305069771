import { z } from 'zod';
import { campaignSchema } from '../campaigns/campaign.schemas';
import { pacingSchema } from '../campaigns/pacing';
import { paginatedResponseSchema } from '../common/list.schemas';
import { DASHBOARD_FIGURES, type DashboardFigureKey } from './figures';

/**
 * What the dashboards and analytics pages read (docs/product/insights.md): the 16 dashboard
 * figures with their weekly change, the weekly spend, the administrators' tiles and the
 * analytics lists and their CSV files.
 */

const figureWithChange = z.object({
  /** The sum of the current figures; dollars for money. */
  value: z.number(),
  /** Percent change of this week so far against the same days of last week, one decimal. */
  change: z.number(),
});

export const dashboardStatisticsResponseSchema = z
  .object({
    data: z.object(
      Object.fromEntries(DASHBOARD_FIGURES.map((figure) => [figure.key, figureWithChange])) as Record<
        DashboardFigureKey,
        typeof figureWithChange
      >,
    ),
  })
  .meta({ id: 'DashboardStatisticsResponse' });
export type DashboardStatistics = z.infer<typeof dashboardStatisticsResponseSchema>['data'];

export const WEEK_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const spendDaySchema = z.object({
  day: z.enum(WEEK_DAYS),
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  /** Dollars spent that day; null for days of this week after today. */
  amount_spent: z.number().nullable(),
});
export type SpendDay = z.infer<typeof spendDaySchema>;

export const weeklySpendResponseSchema = z
  .object({ data: z.object({ current_week: z.array(spendDaySchema), previous_week: z.array(spendDaySchema) }) })
  .meta({ id: 'WeeklySpendResponse' });
export type WeeklySpend = z.infer<typeof weeklySpendResponseSchema>['data'];

export const latestCampaignsResponseSchema = z
  .object({ data: z.array(campaignSchema) })
  .meta({ id: 'LatestCampaignsResponse' });

export const adminStatisticsResponseSchema = z
  .object({
    data: z.object({
      customers: z.object({ active: z.number().int(), banned: z.number().int() }),
      campaigns: z.object({ pending: z.number().int(), approved: z.number().int(), declined: z.number().int() }),
      total_impressions: z.number(),
      total_reach: z.number(),
      /** Dollars. */
      amount_spent: z.number(),
      link_clicks: z.number(),
      /** Dollars to the cent; null when there are no clicks. */
      cost_per_click: z.number().nullable(),
      /** Dollars to the cent; null when there are no leads. */
      cost_per_lead: z.number().nullable(),
      /** Dollars: every payment received, less the refunds made of them (docs/product/payments.md). */
      revenue_collected: z.number(),
      /** Dollars: the open payment links of approved campaigns that are not archived. */
      amount_due: z.number(),
    }),
  })
  .meta({ id: 'AdminStatisticsResponse' });
export type AdminStatistics = z.infer<typeof adminStatisticsResponseSchema>['data'];

/** A campaign on an analytics page: its record, with its pacing (docs/product/insights.md, Pacing). */
export const analyticsCampaignSchema = campaignSchema
  .extend({ pacing: pacingSchema })
  .meta({ id: 'AnalyticsCampaign' });
export type AnalyticsCampaign = z.infer<typeof analyticsCampaignSchema>;

export const analyticsListResponseSchema = paginatedResponseSchema(analyticsCampaignSchema).meta({
  id: 'AnalyticsList',
});

/** A running campaign on the dashboard's pacing panel. */
export const campaignPacingSchema = z
  .object({ id: z.number().int(), campaign_name: z.string(), pacing: pacingSchema })
  .meta({ id: 'CampaignPacing' });
export type CampaignPacing = z.infer<typeof campaignPacingSchema>;

export const pacingPanelResponseSchema = z
  .object({ data: z.array(campaignPacingSchema) })
  .meta({ id: 'PacingPanelResponse' });
