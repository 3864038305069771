import { randomBytes } from 'node:crypto';
import type { CampaignRow, paymentLinks } from '../../db/schema';

/** A daily budget's payment covers this many days (docs/product/payments.md, Budgets). */
export const DAILY_PERIOD_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Dollars kept as numeric text ("12.50") to whole cents, without floating-point drift. */
export function centsOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** What one payment of the campaign charges: the budget, or 7 days of a daily budget. */
export function linkAmountCents(campaign: Pick<CampaignRow, 'budgetType' | 'budgetAmount'>): number {
  const budget = centsOf(campaign.budgetAmount);
  return campaign.budgetType === 'daily' ? budget * DAILY_PERIOD_DAYS : budget;
}

/** The end of the period a payment made `at` covers: 7 × 24 hours for a daily budget, none for a lifetime one. */
export function coversUntil(coversDays: number | null, at: Date): Date | null {
  return coversDays === null ? null : new Date(at.getTime() + coversDays * DAY_MS);
}

/** A new open link for the campaign's next payment (decision 016). */
export function newPaymentLink(
  campaign: Pick<CampaignRow, 'id' | 'userId' | 'budgetType' | 'budgetAmount'>,
  at: Date,
): typeof paymentLinks.$inferInsert {
  const token = randomBytes(24).toString('base64url');
  return {
    campaignId: campaign.id,
    userId: campaign.userId,
    token,
    amountCents: linkAmountCents(campaign),
    coversDays: campaign.budgetType === 'daily' ? DAILY_PERIOD_DAYS : null,
    status: 'open',
    createdAt: at,
  };
}

/** "$175.00". */
export const formatDollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
