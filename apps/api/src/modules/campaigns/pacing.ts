import { dollarsToCents } from '@portal/contract';
import type { CampaignRow } from '../../db/schema';

/** What a campaign's budget is measured against besides the campaign itself. */
export interface PacingFacts {
  /** What was paid for the campaign so far, in cents (every recorded payment). */
  paidCents: number;
}

/**
 * The budget a campaign's spend is measured against, in cents (docs/product/alerts.md, Budget
 * alerts): a lifetime budget is its amount; a daily budget has no end yet, so it is what was
 * paid for its weeks so far. This is the one place that rule is written: the budget alerts read
 * it, and it is where a daily budget with an end date will be measured to that date.
 */
export function pacingBudgetCents(
  campaign: Pick<CampaignRow, 'budgetType' | 'budgetAmount'>,
  { paidCents }: PacingFacts,
): number {
  return campaign.budgetType === 'lifetime' ? dollarsToCents(Number(campaign.budgetAmount)) : paidCents;
}
