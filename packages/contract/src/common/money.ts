import { z } from 'zod';

/**
 * How the portal writes money (docs/product/payments.md, Money), shared by the pages, the
 * e-mails and the notifications so that an amount reads the same wherever it appears.
 */

/**
 * A non-negative number's digits with a comma between thousands, the en-US way: "1234567.5"
 * becomes "1,234,567.5". Written out rather than left to Intl.NumberFormat: a page's first use
 * of Intl loads the locale data, some 15 to 45 ms of main thread on a desktop and four times
 * that on a phone (docs/decisions/020-dashboard-rendering.md).
 */
export function groupThousands(digits: string): string {
  const [whole, fraction] = digits.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "$1,250.00", "-$12.50" of an amount in dollars; '' for no amount. */
export function formatUsd(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return `${amount < 0 ? '-' : ''}$${groupThousands(Math.abs(amount).toFixed(2))}`;
}

/**
 * The server keeps money in whole cents (so that sums are exact) and answers in dollars; these
 * are the one place each way is written.
 */
export const centsToDollars = (cents: number): number => cents / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** "$1,250.00" of an amount kept in cents. */
export const formatCents = (cents: number): string => formatUsd(centsToDollars(cents));

/**
 * Dollars spent per unit (a click, a lead), rounded to the cent; null when there are none to
 * divide by (docs/product/insights.md, Cost per click and per lead). Worked in whole cents, so
 * a half cent is not tipped the wrong way by floating point (1.15 / 2 is 0.57499… in dollars).
 */
export function costPerUnit(spentCents: number, units: number): number | null {
  if (!Number.isFinite(spentCents) || !Number.isFinite(units) || units <= 0) return null;
  return centsToDollars(Math.round(spentCents / units));
}

const dollars = z.number().meta({ description: 'US dollars, at most two decimals' });

/**
 * How an amount due is made (docs/product/payments.md, Amount due): a daily budget's payment is
 * `covers_days` days of `daily_amount`; both are null for a lifetime budget, whose payment is
 * the budget itself. The server works them out from the payment link, so every page shows the
 * same reason for the same amount.
 */
export const dueBreakdownFields = {
  /** Days one payment covers (7 for a daily budget); null: the whole campaign. */
  covers_days: z.number().int().nullable(),
  /** The daily budget each of those days is charged at; null for a lifetime budget. */
  daily_amount: dollars.nullable(),
  /** The account's credit taken off the amount (docs/product/payments.md, Credit); 0 when none. */
  credit_used: dollars,
};

/** An amount the customer owes for a campaign, with how it is made. */
export const amountDueSchema = z.object({ amount: dollars, ...dueBreakdownFields }).meta({ id: 'AmountDue' });
export type AmountDue = z.infer<typeof amountDueSchema>;

/** A daily budget's payment covers this many days, fewer when the flight ends sooner (docs/product/payments.md, Budgets). */
export const DAILY_PERIOD_DAYS = 7;

/** "1 day", "7 days". */
export const dayCount = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;

/**
 * What the next payment of a daily campaign pays for, in its notices: "the next 7 days", or "the
 * last 3 days of its flight" when the flight ends sooner (docs/product/payments.md, Seven-day periods).
 */
export const nextPeriodWords = (coversDays: number | null): string =>
  coversDays === null || coversDays === DAILY_PERIOD_DAYS
    ? `the next ${dayCount(DAILY_PERIOD_DAYS)}`
    : `the last ${coversDays === 1 ? 'day' : dayCount(coversDays)} of its flight`;

/**
 * "7 days × $250.50" for a daily budget, "Lifetime budget" for a lifetime one, and the credit
 * taken off when there is some: "7 days × $250.50 − $30.00 credit".
 */
export function dueBreakdown({ covers_days, daily_amount, credit_used }: DueBreakdown): string {
  const made =
    covers_days === null || daily_amount === null
      ? 'Lifetime budget'
      : `${dayCount(covers_days)} × ${formatUsd(daily_amount)}`;
  return credit_used > 0 ? `${made} − ${formatUsd(credit_used)} credit` : made;
}

type DueBreakdown = Pick<AmountDue, 'covers_days' | 'daily_amount' | 'credit_used'>;

/**
 * Two sums that read alike and mean different things (docs/product/payments.md, Total spent and
 * Amount spent): each has one label, used for that meaning only.
 */
export const SPENT_LABELS = {
  /** `total_spent`: what a customer paid, the sum of their payments less what was refunded of them. */
  totalSpent: 'Total spent',
  /** `amount_spent`: what campaigns spent, from the figures administrators enter. */
  amountSpent: 'Amount spent',
} as const;

const AMOUNT_SPENT_MEANS = `${SPENT_LABELS.amountSpent}: what the campaigns spent, from the figures.`;

/** One line said where a sum of payments and the figures' amount spent may be taken for each other. */
export const SPENT_HINTS = {
  /** The users list, whose Total spent administrators compare with the campaigns' Amount spent. */
  users: `${SPENT_LABELS.totalSpent}: what the customer paid, less refunds. ${AMOUNT_SPENT_MEANS}`,
  /** The administrators' tiles, where Revenue collected (every payment less its refunds) sits beside Amount spent. */
  dashboard: `Revenue collected: what customers paid, less refunds. ${AMOUNT_SPENT_MEANS}`,
} as const;
