import type { Readable } from 'node:stream';
import {
  addCalendarDays,
  type AdminStatistics,
  type AnalyticsCampaign,
  type CampaignPacing,
  calendarDay,
  centsToDollars,
  costPerUnit,
  DASHBOARD_FIGURES,
  type DashboardStatistics,
  isoWeekMonday,
  type ListQuery,
  type SpendDay,
  STATISTICS_MESSAGES,
  type StatisticsEntry,
  type StatisticsValues,
  WEEK_DAYS,
  type WeeklySpend,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import { figureColumn, SUMMED_FIGURE_KEYS, type CampaignStatisticsRow, type SummedFigures } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { AdminPrincipal } from '../../lib/principal';
import { answeredFigure, pacingOfRow, toCampaign, toStatisticsEntry } from '../campaigns';
import { raiseBudgetAlerts, type AlertRepository } from '../alerts';
import type { AuditRepository } from '../audit';
import type { EventRepository } from '../events';
import type { AnalyticsScope, CampaignRepository, StatisticsRepository } from '../campaigns';
import type { PaymentRepository } from '../payments';
import type { UserRepository } from '../users';
import type { FiguresRepository } from './figures.repository';

/** What statistics entries write and what the dashboards and analytics read. */
export interface InsightsRepositories {
  statistics: StatisticsRepository;
  figures: FiguresRepository;
  campaigns: CampaignRepository;
  users: UserRepository;
  payments: PaymentRepository;
  audit: AuditRepository;
  alerts: AlertRepository;
  events: EventRepository;
}
import { csvStream } from './analytics-csv';

/** The dashboard's Latest Campaigns panel shows this many. */
const LATEST_CAMPAIGNS = 5;
/** The dashboard's pacing panel shows this many (docs/product/insights.md, Pacing). */
const PACING_PANEL_CAMPAIGNS = 5;
/**
 * Campaigns read per round trip while a CSV export streams. A batch lives while its rows are
 * written, long enough for much of it to be promoted to the old generation: with 500 a
 * million-row export raised the server's memory by 51–52 MiB, with 100 by 41–45, both measured
 * on a busy machine (decision 039).
 */
const EXPORT_BATCH_SIZE = 100;

/**
 * The weekly change in percent, one decimal (docs/product/insights.md, Weekly change); from a
 * last week of 0 it is 0, +100 or -100.
 */
function weeklyChange(thisWeek: number, lastWeek: number): number {
  if (lastWeek === 0) return thisWeek === 0 ? 0 : thisWeek > 0 ? 100 : -100;
  return Math.round(((thisWeek - lastWeek) / Math.abs(lastWeek)) * 1000) / 10;
}

/** What an entry changes in its campaign's total at the end of its day. */
const changeFrom = (entry: CampaignStatisticsRow, previous: CampaignStatisticsRow | undefined): SummedFigures =>
  Object.fromEntries(SUMMED_FIGURE_KEYS.map((key) => [key, entry[key] - (previous?.[key] ?? 0)])) as SummedFigures;

const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * Figures (docs/product/insights.md): entering them, and what the dashboards and analytics
 * pages read. Sums come from the daily ledgers, which every entry updates in its transaction.
 */
export class InsightsService {
  constructor(private readonly options: { data: DataAccess<InsightsRepositories>; clock: Clock }) {}

  /**
   * Adds an entry of an approved campaign's figures, with its audit row and the budget alert it
   * reaches (docs/product/alerts.md), in one transaction. The entry's day cannot be after today (UTC).
   */
  async saveEntry(admin: AdminPrincipal, campaignId: number, values: StatisticsValues): Promise<StatisticsEntry> {
    const { data, clock } = this.options;
    const now = clock.now();
    if (calendarDay(values.created_at) > calendarDay(now)) {
      throw fieldError(422, 'created_at', STATISTICS_MESSAGES.dateInFuture);
    }
    return data.withTransaction(async (repos) => {
      const campaign = await repos.campaigns.lockSubmitted(campaignId);
      if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
      if (campaign.approvalStatus !== 'approved') throw new HttpError(409, STATISTICS_MESSAGES.notApproved);
      const day = calendarDay(values.created_at);
      const { previous, nextDay } = await repos.statistics.around(campaignId, day);
      const row = await repos.statistics.add(campaignId, admin.userId, values, now);
      await repos.figures.record(campaign.advertiserId, day, changeFrom(row, previous), nextDay);
      const entry = toStatisticsEntry(row);
      const { id: _id, ...figures } = entry;
      await repos.audit.record(
        {
          actorId: admin.userId,
          action: 'campaign.statistics',
          subject: { type: 'campaign', id: campaignId },
          after: figures,
        },
        now,
      );
      // With the campaign locked, so of two saves at once the second sees the first's alert.
      await raiseBudgetAlerts(repos, campaign, now);
      return entry;
    });
  }

  /**
   * The 16 dashboard figures over the customer's campaigns, each with its weekly change: this
   * ISO week so far against the same days of the last (docs/product/insights.md, Weekly change).
   */
  async dashboardStatistics(advertiserId: number): Promise<DashboardStatistics> {
    const today = calendarDay(this.options.clock.now());
    const monday = isoWeekMonday(today);
    const sums = await this.options.data.repos.figures.customerSums(advertiserId, {
      thisWeek: { from: monday, to: today },
      lastWeek: { from: addCalendarDays(monday, -7), to: addCalendarDays(today, -7) },
    });
    return Object.fromEntries(
      DASHBOARD_FIGURES.map((figure) => {
        const { total, thisWeek, lastWeek } = sums[figureColumn(figure)];
        return [figure.key, { value: answeredFigure(figure, total), change: weeklyChange(thisWeek, lastWeek) }];
      }),
    ) as DashboardStatistics;
  }

  /** Amount spent per day of this week and last (Monday to Sunday, UTC); this week's days to come are null. */
  async weeklySpend(advertiserId: number): Promise<WeeklySpend> {
    const today = calendarDay(this.options.clock.now());
    const lastMonday = addCalendarDays(isoWeekMonday(today), -7);
    const spent = await this.options.data.repos.figures.customerSpendByDay(advertiserId, {
      from: lastMonday,
      to: addCalendarDays(lastMonday, 13),
    });
    const week = (monday: string): SpendDay[] =>
      WEEK_DAYS.map((name, index) => {
        const date = addCalendarDays(monday, index);
        const cents = spent.find((day) => day.day === date)?.cents ?? 0;
        return { day: name, date, amount_spent: date > today ? null : centsToDollars(cents) };
      });
    return { current_week: week(addCalendarDays(lastMonday, 7)), previous_week: week(lastMonday) };
  }

  async latestCampaigns(advertiserId: number) {
    return (await this.options.data.repos.campaigns.latestForCustomer(advertiserId, LATEST_CAMPAIGNS)).map(toCampaign);
  }

  /** The administrators' tiles over the whole portal. */
  async adminStatistics(): Promise<AdminStatistics> {
    const { repos } = this.options.data;
    const [customers, tabs, totals, money] = await Promise.all([
      repos.users.countCustomers(),
      repos.figures.reviewTabCounts(),
      repos.figures.portalTotals(),
      repos.payments.portalTotals(),
    ]);
    return {
      customers,
      campaigns: { pending: tabs.pending, approved: tabs.active, declined: tabs.declined },
      total_impressions: totals.totalImpressions,
      total_reach: totals.totalReach,
      amount_spent: centsToDollars(totals.amountSpentCents),
      link_clicks: totals.linkClicks,
      cost_per_click: costPerUnit(totals.amountSpentCents, totals.linkClicks),
      cost_per_lead: costPerUnit(totals.amountSpentCents, totals.leadGenerated),
      revenue_collected: centsToDollars(money.collectedCents),
      amount_due: centsToDollars(money.dueCents),
    };
  }

  /**
   * The dashboard's pacing panel (docs/product/insights.md, Pacing): the account's running
   * campaigns that end soonest, with their pacing.
   */
  async pacingPanel(advertiserId: number): Promise<CampaignPacing[]> {
    const now = this.options.clock.now();
    const rows = await this.options.data.repos.campaigns.pacingRows({
      runningOf: advertiserId,
      limit: PACING_PANEL_CAMPAIGNS,
    });
    return rows.map((row) => ({
      id: row.campaign.id,
      campaign_name: row.campaign.name,
      pacing: pacingOfRow(row, now),
    }));
  }

  /** One page of an analytics page's campaigns, each with its pacing: two statements for the page. */
  async analytics(scope: AnalyticsScope, query: ListQuery) {
    const { repos } = this.options.data;
    const now = this.options.clock.now();
    const page = await repos.campaigns.listForAnalytics(scope, query);
    const rows = await repos.campaigns.pacingRows({ ids: page.data.map((view) => view.campaign.id) });
    const byId = new Map(rows.map((row) => [row.campaign.id, row]));
    const data = page.data.map((view): AnalyticsCampaign => ({
      ...toCampaign(view),
      pacing: pacingOfRow(byId.get(view.campaign.id)!, now),
    }));
    return { data, pagination: page.pagination };
  }

  /** The analytics page's campaigns matching `search`, every page, as a CSV stream. */
  exportAnalytics(scope: AnalyticsScope, search: string): Readable {
    const batches = this.options.data.repos.campaigns.analyticsBatches(scope, search, EXPORT_BATCH_SIZE);
    async function* campaigns() {
      for await (const batch of batches) yield batch.map(toCampaign);
    }
    return csvStream(campaigns(), scope === 'all');
  }

  /** The export's file name, after the day of the download. */
  exportFileName(): string {
    return `campaigns-analytics-${calendarDay(this.options.clock.now())}.csv`;
  }
}
