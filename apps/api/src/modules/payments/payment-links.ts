import { centsToDollars } from '@portal/contract';
import { randomBytes } from 'node:crypto';
import type { AmountDue } from '@portal/contract';
import type { CampaignRow, PaymentLinkRow, paymentLinks } from '../../db/schema';

/** A daily budget's payment covers this many days (docs/product/payments.md, Budgets). */
const DAILY_PERIOD_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Dollars kept as numeric text ("12.50") to whole cents, without floating-point drift. */
function centsOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** What one payment of the campaign charges: the budget, or 7 days of a daily budget. */
function linkAmountCents(campaign: Pick<CampaignRow, 'budgetType' | 'budgetAmount'>): number {
  const budget = centsOf(campaign.budgetAmount);
  return campaign.budgetType === 'daily' ? budget * DAILY_PERIOD_DAYS : budget;
}

/** The end of the period a payment made `at` covers: 7 × 24 hours for a daily budget, none for a lifetime one. */
export function coversUntil(coversDays: number | null, at: Date): Date | null {
  return coversDays === null ? null : new Date(at.getTime() + coversDays * DAY_MS);
}

/** A new open link for the campaign's next payment (decision 016). */
export function newPaymentLink(
  campaign: Pick<CampaignRow, 'id' | 'advertiserId' | 'budgetType' | 'budgetAmount'>,
  at: Date,
): typeof paymentLinks.$inferInsert {
  const token = randomBytes(24).toString('base64url');
  return {
    campaignId: campaign.id,
    advertiserId: campaign.advertiserId,
    token,
    amountCents: linkAmountCents(campaign),
    coversDays: campaign.budgetType === 'daily' ? DAILY_PERIOD_DAYS : null,
    status: 'open',
    createdAt: at,
  };
}

/**
 * What a link asks and how it is made (docs/product/payments.md, Amount due): the one place the
 * breakdown is worked out, for the balance, the campaign lists and the checkout page alike.
 * A daily link's amount is `coversDays` × the daily budget (`newPaymentLink`), so the daily
 * amount is read back from the link itself: what it charges, even should the budget change.
 */
export function amountDueOf(link: Pick<PaymentLinkRow, 'amountCents' | 'coversDays'>): AmountDue {
  const daily = link.coversDays ? Math.round(link.amountCents / link.coversDays) : null;
  return {
    amount: centsToDollars(link.amountCents),
    covers_days: link.coversDays,
    daily_amount: daily === null ? null : centsToDollars(daily),
  };
}

/**
 * A payment's receipt number, "R-000123": made from the payment's id rather than stored, so it
 * is unique, never changes, and every payment already made has one without a migration.
 */
export const receiptNumber = (paymentId: number) => `R-${String(paymentId).padStart(6, '0')}`;
