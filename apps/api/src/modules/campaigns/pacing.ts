import { daysFromTo, dollarsToCents, flightStartOf } from '@portal/contract';
import type { CampaignRow } from '../../db/schema';

/** What a campaign's budget is measured against besides the campaign itself. */
export interface PacingFacts {
  /** What was paid for the campaign so far, in cents (every recorded payment). */
  paidCents: number;
}

/**
 * The budget a campaign's spend is measured against, in cents (docs/product/alerts.md, Budget
 * alerts): a lifetime budget is its amount; a daily budget with an end date is the daily amount
 * for every day of its flight (from its start date, or the day it was published, to its end
 * date); a daily budget without an end is what was paid for its weeks so far. This is the one
 * place that rule is written.
 */
export function pacingBudgetCents(
  campaign: Pick<CampaignRow, 'budgetType' | 'budgetAmount' | 'startDate' | 'endDate' | 'publishedOn'>,
  { paidCents }: PacingFacts,
): number {
  const amountCents = dollarsToCents(Number(campaign.budgetAmount));
  if (campaign.budgetType === 'lifetime') return amountCents;
  const start = flightStartOf({
    start_date: campaign.startDate,
    published_on: campaign.publishedOn?.toISOString() ?? null,
  });
  if (!campaign.endDate || !start) return paidCents;
  return amountCents * Math.max(1, daysFromTo(start, campaign.endDate));
}
