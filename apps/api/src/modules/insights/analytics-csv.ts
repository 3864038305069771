import type { Readable } from 'node:stream';
import {
  type Campaign,
  costPerUnit,
  dollarsToCents,
  type ExportForm,
  FIGURES,
  REPORT_FIGURES,
  type ReportFigures,
} from '@portal/contract';
import { writeCsv } from '../../lib/csv';

/**
 * The analytics pages' CSV files (docs/product/insights.md, CSV export and Reports over dates):
 * one row per campaign with its current figures, or the daily values over a range, a row per
 * campaign and day or per campaign with their sums; written as rows are read.
 */

/** The columns naming a campaign, first on every file; the administrators' also name its customer. */
const campaignColumns = (withCustomer: boolean) => [
  'id',
  'campaign_name',
  ...(withCustomer ? ['customer_name', 'customer_email'] : []),
];

/**
 * A row's first cells, in a new object on which the row's other cells are then set one by one.
 * No row is an object literal that starts with a spread (`{ ...cells, ... }`): V8 (Node 20) gave
 * every such object a chain of hidden classes of its own, made in the old generation: some
 * 11 KiB a row, three quarters of what a million-row export put there (decision 039).
 */
function campaignCells(campaign: Campaign, withCustomer: boolean): Record<string, string> {
  const cells: Record<string, string> = { id: String(campaign.id), campaign_name: campaign.campaign_name };
  if (withCustomer) {
    cells.customer_name = `${campaign.user_first_name} ${campaign.user_last_name}`.trim();
    cells.customer_email = campaign.user_email;
  }
  return cells;
}

/** The columns, in order; the administrators' file also names each campaign's customer. */
export function csvColumns(withCustomer: boolean): string[] {
  return [
    ...campaignColumns(withCustomer),
    'campaign_objective',
    'budget_type',
    'budget_amount',
    'figures_as_of',
    // Every figure, in the contract's order, under its API name.
    ...FIGURES.map((figure) => figure.key),
    'impressions',
    'cost_per_click',
    'cost_per_lead',
    'date_paid',
    'dates',
  ];
}

const money = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** One campaign's row; a campaign without entries has its figure cells empty. */
function csvRow(campaign: Campaign, withCustomer: boolean): Record<string, string> {
  const entry = campaign.statistics[0];
  const row = campaignCells(campaign, withCustomer);
  row.campaign_objective = campaign.campaign_objective;
  row.budget_type = campaign.budget_type;
  row.budget_amount = money(campaign.budget_amount);
  row.figures_as_of = day(entry?.created_at ?? null);
  for (const figure of FIGURES) {
    const value = entry?.[figure.key];
    row[figure.key] = value === undefined ? '' : figure.unit === 'money' ? money(value) : String(value);
  }
  const spentCents = entry ? dollarsToCents(entry.amount_spent) : 0;
  row.impressions = entry ? String(entry.total_impressions) : '';
  row.cost_per_click = entry ? money(costPerUnit(spentCents, entry.link_clicks)) : '';
  row.cost_per_lead = entry ? money(costPerUnit(spentCents, entry.lead_generated)) : '';
  // The campaign's latest payment, as in the lists; not the day entered with the figures.
  row.date_paid = day(campaign.date_paid);
  row.dates = entry ? entry.dates.join('; ') : '';
  return row;
}

/** The columns of a range's file: the campaign, its day or the range, then every figure a report sums. */
export const reportCsvColumns = (form: ExportForm, withCustomer: boolean): string[] => [
  ...campaignColumns(withCustomer),
  ...(form === 'per_day' ? ['date'] : ['from', 'to']),
  ...REPORT_FIGURES.map((figure) => figure.key),
];

/** The figure columns of a range's file, whose values are numbers the server worked out. */
export const REPORT_FIGURE_COLUMNS: ReadonlySet<string> = new Set(REPORT_FIGURES.map((figure) => figure.key));

/** A row of a range's file: the campaign, `where` (its date, or from and to) and the figures. */
export function reportCsvRow(
  campaign: Campaign,
  withCustomer: boolean,
  where: Record<string, string>,
  figures: ReportFigures,
): Record<string, string> {
  const row = Object.assign(campaignCells(campaign, withCustomer), where);
  for (const figure of REPORT_FIGURES) {
    const value = figures[figure.key];
    row[figure.key] = figure.unit === 'money' ? money(value) : String(value);
  }
  return row;
}

/** The current figures' file, from campaigns read batch by batch. */
export function csvStream(batches: AsyncIterable<Campaign[]>, withCustomer: boolean): Readable {
  async function* rows() {
    for await (const batch of batches) {
      for (const campaign of batch) yield csvRow(campaign, withCustomer);
    }
  }
  return writeCsv(rows(), csvColumns(withCustomer));
}
