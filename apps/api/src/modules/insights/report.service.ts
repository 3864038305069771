import type { Readable } from 'node:stream';
import {
  type CampaignReport,
  type Comparison,
  type ExportForm,
  flightStartOf,
  type Report,
  type ReportQuery,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import { notFound } from '../../lib/http-errors';
import { toCampaign } from '../campaigns';
import type { AnalyticsScope, CampaignRepository, StatisticsRepository } from '../campaigns';
import { writeCsv } from '../../lib/csv';
import { REPORT_FIGURE_COLUMNS, reportCsvColumns, reportCsvRow } from './analytics-csv';
import type { FiguresRepository } from './figures.repository';
import { answeredFigures, campaignDays, ledgerDays, rangeDays, sumOfDays, toReport } from './report-days';

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
}
