import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { type Campaign, costPerUnit, dollarsToCents, FIGURES } from '@portal/contract';

/**
 * The analytics pages' CSV file (docs/product/insights.md, CSV export): one row per campaign
 * with its current figures, written as rows are read.
 */

/** The columns, in order; the administrators' file also names each campaign's customer. */
export function csvColumns(withCustomer: boolean): string[] {
  return [
    'id',
    'campaign_name',
    ...(withCustomer ? ['customer_name', 'customer_email'] : []),
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
  const figures: Record<string, string> = {};
  for (const figure of FIGURES) {
    const value = entry?.[figure.key];
    figures[figure.key] = value === undefined ? '' : figure.unit === 'money' ? money(value) : String(value);
  }
  const spentCents = entry ? dollarsToCents(entry.amount_spent) : 0;
  return {
    id: String(campaign.id),
    campaign_name: campaign.campaign_name,
    ...(withCustomer && {
      customer_name: `${campaign.user_first_name} ${campaign.user_last_name}`.trim(),
      customer_email: campaign.user_email,
    }),
    campaign_objective: campaign.campaign_objective,
    budget_type: campaign.budget_type,
    budget_amount: money(campaign.budget_amount),
    figures_as_of: day(entry?.created_at ?? null),
    ...figures,
    impressions: entry ? String(entry.total_impressions) : '',
    cost_per_click: entry ? money(costPerUnit(spentCents, entry.link_clicks)) : '',
    cost_per_lead: entry ? money(costPerUnit(spentCents, entry.lead_generated)) : '',
    // The campaign's latest payment, as in the lists; not the day entered with the figures.
    date_paid: day(campaign.date_paid),
    dates: entry ? entry.dates.join('; ') : '',
  };
}

/**
 * A value a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe, so that it shows as text (OWASP's CSV injection advice).
 */
export const neutralizeFormula = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The file as a stream: campaigns are pulled batch by batch only as fast as the client reads,
 * so an export of any size holds one batch at a time.
 */
export function csvStream(batches: AsyncIterable<Campaign[]>, withCustomer: boolean): Readable {
  async function* rows() {
    for await (const batch of batches) {
      for (const campaign of batch) yield csvRow(campaign, withCustomer);
    }
  }
  // pipeline, not pipe: a failed read destroys the file stream too, so the answer ends (cut
  // short) instead of waiting for rows that will never come.
  return pipeline(
    Readable.from(rows()),
    stringify({ header: true, columns: csvColumns(withCustomer), cast: { string: neutralizeFormula } }),
    () => {},
  );
}
