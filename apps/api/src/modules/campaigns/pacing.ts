import type { BudgetedCampaign } from '@portal/contract';
import type { CampaignRow } from '../../db/schema';

/**
 * A campaign row's budget and flight as the contract's pacing rules read them
 * (`pacingBudgetCents`, `pacingOf`; docs/product/insights.md, Pacing): the rules themselves are
 * written once, in the contract.
 */
export const budgetedCampaignOf = (
  row: Pick<CampaignRow, 'budgetType' | 'budgetAmount' | 'startDate' | 'endDate' | 'publishedOn'>,
): BudgetedCampaign => ({
  budget_type: row.budgetType,
  budget_amount: Number(row.budgetAmount),
  start_date: row.startDate,
  end_date: row.endDate,
  published_on: row.publishedOn?.toISOString() ?? null,
});
