import type { StatisticsEntry } from '@portal/contract';

/**
 * Dollars spent per unit (a click, a lead), rounded to the cent; null when there are none to
 * divide by (docs/product/insights.md, Cost per click and per lead). Worked in whole cents, so
 * a half cent is not tipped the wrong way by floating point (1.15 / 2 is 0.57499… in dollars).
 */
export function costPer(amountSpent: number, units: number): number | null {
  if (!Number.isFinite(amountSpent) || !Number.isFinite(units) || units <= 0) return null;
  const cents = Math.round(amountSpent * 100);
  return Math.round(cents / units) / 100;
}

/** A campaign's cost per click and per lead from its current entry. */
export function entryCosts(entry: Pick<StatisticsEntry, 'amount_spent' | 'link_clicks' | 'lead_generated'>) {
  return {
    costPerClick: costPer(entry.amount_spent, entry.link_clicks),
    costPerLead: costPer(entry.amount_spent, entry.lead_generated),
  };
}
