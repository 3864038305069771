import { costPerUnit, dollarsToCents, type StatisticsEntry } from '@portal/contract';

/** A campaign's cost per click and per lead from its current entry (docs/product/insights.md). */
export function entryCosts(entry: Pick<StatisticsEntry, 'amount_spent' | 'link_clicks' | 'lead_generated'>) {
  const spentCents = dollarsToCents(entry.amount_spent);
  return {
    costPerClick: costPerUnit(spentCents, entry.link_clicks),
    costPerLead: costPerUnit(spentCents, entry.lead_generated),
  };
}
