import { pacingOf, todayIn, type BudgetedCampaign, type Pacing } from '@portal/contract';
import type { CampaignRow } from '../../db/schema';
import type { PacingRow } from './campaign-lists';

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

/** A campaign's pacing from the facts `CampaignRepository.pacingRows` reads, on today in its account's time zone. */
export const pacingOfRow = (row: PacingRow, now: Date): Pacing =>
  pacingOf(budgetedCampaignOf(row.campaign), {
    paidCents: row.paidCents,
    current: row.asOf === null ? null : { asOf: row.asOf, spentCents: row.spentCents ?? 0 },
    spentBeforeWindowCents: row.spentBeforeWindowCents,
    today: todayIn(row.timeZone, now),
  });
