import type { Readable } from 'node:stream';
import {
  type CampaignReport,
  type Comparison,
  type ExportForm,
  flightStartOf,
  type Report,
  type ReportFigures,
  type ReportQuery,
} from '@portal/contract';
import { buffer } from 'node:stream/consumers';
import type { DataAccess } from '../../db/transactor';
import { notFound } from '../../lib/http-errors';
import { toCampaign } from '../campaigns';
import type { AnalyticsScope, CampaignRepository, StatisticsRepository } from '../campaigns';
import { writeCsv } from '../../lib/csv';
import { REPORT_FIGURE_COLUMNS, reportCsvColumns, reportCsvRow } from './analytics-csv';
import type { FiguresRepository } from './figures.repository';
import {
  answeredFigures,
  campaignDays,
  ledgerDays,
  rangeDays,
  sumOfDays,
  toReport,
  type DayValues,
} from './report-days';

/** What reports over dates read: the entries, the daily ledgers and the analytics campaigns. */
export interface ReportRepositories {
  statistics: StatisticsRepository;
  figures: FiguresRepository;
  campaigns: CampaignRepository;
}

/** Campaigns read per round trip while a range's CSV file streams, with their entries. */
const EXPORT_BATCH_SIZE = 500;

const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** A range's file is named after its form and its days (docs/product/insights.md, Reports over dates). */
const reportFileName = (form: ExportForm, range: ReportQuery) =>
  `campaigns-analytics-${form === 'per_day' ? 'per-day' : 'totals'}-${range.from}-to-${range.to}.csv`;

/**
 * Reports over dates (docs/product/insights.md): the daily values of the figures over a range,
 * for an analytics page's campaigns together (from the daily ledgers), for one or two to four of
 * them (from their entries), and as CSV files. `scope` is the page's: a customer's reports cover
 * only what their analytics page lists.
 */
export class ReportService {
  constructor(private readonly options: { data: DataAccess<ReportRepositories> }) {}

  /** The account's campaigns together, or (for 'all') every campaign of the portal. */
  async sums(scope: AnalyticsScope, range: ReportQuery): Promise<Report> {
    const days = rangeDays(range);
    return toReport(range, ledgerDays(await this.options.data.repos.figures.days(scope, range), days));
  }

  /** One campaign of the page; another answers 404. */
  async campaign(scope: AnalyticsScope, campaignId: number, range: ReportQuery): Promise<CampaignReport> {
    const [report] = await this.campaigns(scope, [campaignId], range);
    return report!;
  }

  /** Two to four campaigns of the page side by side, in the order asked; any other answers 404. */
  async comparison(scope: AnalyticsScope, campaignIds: number[], range: ReportQuery): Promise<Comparison> {
    return { from: range.from, to: range.to, campaigns: await this.campaigns(scope, campaignIds, range) };
  }

  private async campaigns(scope: AnalyticsScope, campaignIds: number[], range: ReportQuery) {
    const { repos } = this.options.data;
    const found = await repos.campaigns.analyticsCampaigns(scope, campaignIds);
    if (found.length !== campaignIds.length) throw notFound(CAMPAIGN_NOT_FOUND);
    const days = rangeDays(range);
    const values = campaignDays(campaignIds, await repos.statistics.dayTotals(campaignIds, range.from, range.to), days);
    return campaignIds.map((id): CampaignReport => {
      const campaign = found.find((row) => row.id === id)!;
      return {
        campaign_id: id,
        campaign_name: campaign.name,
        flight_start: flightStartOf({
          start_date: campaign.startDate,
          published_on: campaign.publishedOn?.toISOString() ?? null,
        }),
        ...toReport(range, values.get(id)!),
      };
    });
  }

  /**
   * The page's campaigns matching `search`, every page, with their daily values over the range:
   * a row per campaign and day, or per campaign with the sums. Campaigns are read a batch at a
   * time with their entries, as fast as the client reads.
   */
  exportRange(scope: AnalyticsScope, search: string, range: ReportQuery, form: ExportForm) {
    const { repos } = this.options.data;
    const withCustomer = scope === 'all';
    const days = rangeDays(range);
    async function* rows() {
      for await (const batch of repos.campaigns.analyticsBatches(scope, search, EXPORT_BATCH_SIZE)) {
        const ids = batch.map((view) => view.campaign.id);
        const values = campaignDays(ids, await repos.statistics.dayTotals(ids, range.from, range.to), days);
        for (const view of batch) {
          const campaign = toCampaign(view);
          const campaignValues = values.get(campaign.id)!;
          if (form === 'totals') {
            yield reportCsvRow(campaign, withCustomer, range, answeredFigures(sumOfDays(campaignValues)));
          } else {
            for (const day of campaignValues) {
              yield reportCsvRow(campaign, withCustomer, { date: day.date }, answeredFigures(day.values));
            }
          }
        }
      }
    }
    const file: Readable = writeCsv(rows(), reportCsvColumns(form, withCustomer), REPORT_FIGURE_COLUMNS);
    return { file, name: reportFileName(form, range) };
  }

  /**
   * A scheduled report (docs/product/insights.md, Scheduled reports): the sums over `range` and
   * over `previous` of the account's analytics campaigns (or of those of `campaignIds` still on
   * the page), and the range's CSV file of totals, a row per campaign, as the export writes it.
   */
  async periodReport(
    scope: { advertiserId: number },
    campaignIds: number[] | null,
    range: ReportQuery,
    previous: ReportQuery,
  ): Promise<PeriodReport> {
    const { repos } = this.options.data;
    const chosen = campaignIds && new Set(campaignIds);
    const rows: Record<string, string>[] = [];
    const current: DayValues[] = [];
    const before: DayValues[] = [];
    for await (const batch of repos.campaigns.analyticsBatches(scope, '', EXPORT_BATCH_SIZE)) {
      const views = chosen ? batch.filter((view) => chosen.has(view.campaign.id)) : batch;
      if (views.length === 0) continue;
      const ids = views.map((view) => view.campaign.id);
      const sumsOver = async (span: ReportQuery) =>
        campaignDays(ids, await repos.statistics.dayTotals(ids, span.from, span.to), rangeDays(span));
      const [now, then] = [await sumsOver(range), await sumsOver(previous)];
      for (const view of views) {
        const campaign = toCampaign(view);
        const sums = sumOfDays(now.get(campaign.id)!);
        current.push({ date: range.from, values: sums });
        before.push({ date: previous.from, values: sumOfDays(then.get(campaign.id)!) });
        rows.push(reportCsvRow(campaign, false, range, answeredFigures(sums)));
      }
    }
    const file = writeCsv(
      (async function* () {
        yield* rows;
      })(),
      reportCsvColumns('totals', false),
      REPORT_FIGURE_COLUMNS,
    );
    return {
      campaigns: rows.length,
      totals: answeredFigures(sumOfDays(current)),
      previous: answeredFigures(sumOfDays(before)),
      csv: await buffer(file),
      fileName: reportFileName('totals', range),
    };
  }
}

/** What a scheduled report's e-mail says and carries. */
export interface PeriodReport {
  campaigns: number;
  totals: ReportFigures;
  previous: ReportFigures;
  csv: Buffer;
  fileName: string;
}
