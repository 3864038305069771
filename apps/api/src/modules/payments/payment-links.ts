import { centsToDollars, DAILY_PERIOD_DAYS, daysFromTo, nextDay, startOfDayIn, todayIn } from '@portal/contract';
import { randomBytes } from 'node:crypto';
import type { AmountDue } from '@portal/contract';
import type { CampaignRow, PaymentLinkRow, paymentLinks } from '../../db/schema';
import { chargedFor, type TaxSetting } from '../../lib/tax';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dollars kept as numeric text ("12.50") to whole cents, without floating-point drift. */
function centsOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** What the money rules read of a campaign: its budget and its flight. */
export type PricedCampaign = Pick<
  CampaignRow,
  'id' | 'advertiserId' | 'budgetType' | 'budgetAmount' | 'startDate' | 'endDate' | 'flightState'
>;

/**
 * The days the next payment of a daily campaign covers (docs/product/payments.md, Flight dates and
 * money): 7, or the days left in its flight from its first day still to come (today, or its start
 * day), when fewer; 0 when none are left. Null for a lifetime budget, paid once for the flight.
 */
function periodDays(campaign: PricedCampaign, timeZone: string, at: Date): number | null {
  if (campaign.budgetType !== 'daily') return null;
  if (campaign.flightState === 'ended') return 0;
  if (!campaign.endDate) return DAILY_PERIOD_DAYS;
  const today = todayIn(timeZone, at);
  const first = campaign.startDate && campaign.startDate > today ? campaign.startDate : today;
  return Math.max(0, Math.min(DAILY_PERIOD_DAYS, daysFromTo(first, campaign.endDate)));
}

/**
 * What one payment of the campaign charges: the budget, or the period's days of a daily budget,
 * and the tax on top when prices do not contain it (TAX_INCLUSIVE=false; decision 029).
 */
const linkAmountCents = (campaign: PricedCampaign, days: number | null, tax: TaxSetting): number =>
  chargedFor(centsOf(campaign.budgetAmount) * (days ?? 1), tax);

/**
 * The least a payment charges, in cents: credit never brings a link below it, since card
 * payments of less are refused (docs/product/payments.md, Credit).
 */
const MINIMUM_CHARGE_CENTS = 50;

/** How much credit a link of `grossCents` may use: all of it but the minimum charge. */
export const creditUsableOn = (grossCents: number): number => Math.max(0, grossCents - MINIMUM_CHARGE_CENTS);

/** A daily link's price per day: what it asks before credit, over its days. */
const dailyCentsOf = (link: Pick<PaymentLinkRow, 'amountCents' | 'creditCents' | 'coversDays'>): number =>
  Math.round((link.amountCents + link.creditCents) / link.coversDays!);

/**
 * The credit a paid period earns when new flight dates cut it short (docs/product/payments.md,
 * Credit): each whole day cut, at the daily amount of the link that paid for it. Part of a day
 * is not credited, and neither is a lifetime budget (no period).
 */
export function creditForCutCents(
  paidUntil: Date,
  cutUntil: Date,
  paidWith: Pick<PaymentLinkRow, 'amountCents' | 'creditCents' | 'coversDays'> | undefined,
): number {
  if (!paidWith?.coversDays) return 0;
  const days = Math.floor((paidUntil.getTime() - cutUntil.getTime()) / DAY_MS);
  return days > 0 ? days * dailyCentsOf(paidWith) : 0;
}

/** The instant a campaign's flight ends: the midnight after its end day, in its account's zone; null without one. */
const flightEndsAt = (flight: Pick<CampaignRow, 'endDate'>, timeZone: string): Date | null =>
  flight.endDate ? startOfDayIn(nextDay(flight.endDate), timeZone) : null;

/**
 * The end of the period a payment made `at` covers: none for a lifetime budget; for a daily one,
 * `coversDays` × 24 hours from the payment, or from the flight's first day when it is paid ahead,
 * and never past the flight's end.
 */
export function coversUntil(
  coversDays: number | null,
  at: Date,
  flight: Pick<CampaignRow, 'startDate' | 'endDate'>,
  timeZone: string,
): Date | null {
  if (coversDays === null) return null;
  const startsAt = flight.startDate ? startOfDayIn(flight.startDate, timeZone) : at;
  const from = Math.max(at.getTime(), startsAt.getTime());
  const endsAt = flightEndsAt(flight, timeZone);
  const until = from + coversDays * DAY_MS;
  return new Date(endsAt ? Math.min(until, endsAt.getTime()) : until);
}

/**
 * A paid period after the flight's dates changed: moved with a start that had not come yet (the
 * period began at it), and cut at the new end. `before` is the flight as it was.
 */
export function movedPaidUntil(
  paidUntil: Date,
  before: Pick<CampaignRow, 'startDate'>,
  after: Pick<CampaignRow, 'startDate' | 'endDate'>,
  timeZone: string,
  now: Date,
): Date {
  let until = paidUntil.getTime();
  const oldStart = before.startDate ? startOfDayIn(before.startDate, timeZone) : null;
  if (oldStart && oldStart > now) {
    const newStart = after.startDate ? startOfDayIn(after.startDate, timeZone) : now;
    until += Math.max(newStart.getTime(), now.getTime()) - oldStart.getTime();
  }
  const endsAt = flightEndsAt(after, timeZone);
  return new Date(endsAt ? Math.min(until, endsAt.getTime()) : until);
}

/**
 * A new open link for the campaign's next payment (decision 016), or none when its flight leaves
 * nothing to pay for.
 */
export function newPaymentLink(
  campaign: PricedCampaign,
  timeZone: string,
  at: Date,
  tax: TaxSetting,
): typeof paymentLinks.$inferInsert | undefined {
  if (campaign.flightState === 'ended') return undefined;
  const days = periodDays(campaign, timeZone, at);
  if (days === 0) return undefined;
  const token = randomBytes(24).toString('base64url');
  return {
    campaignId: campaign.id,
    advertiserId: campaign.advertiserId,
    token,
    amountCents: linkAmountCents(campaign, days, tax),
    coversDays: days,
    status: 'open',
    createdAt: at,
  };
}

/** What an open link of the campaign asks after its flight changed: its days and amount, or none left. */
export function repricedLink(campaign: PricedCampaign, timeZone: string, at: Date, tax: TaxSetting) {
  const days = periodDays(campaign, timeZone, at);
  return days === 0 ? undefined : { coversDays: days, amountCents: linkAmountCents(campaign, days, tax) };
}

/**
 * What a link asks and how it is made (docs/product/payments.md, Amount due): the one place the
 * breakdown is worked out, for the balance, the campaign lists and the checkout page alike.
 * A daily link asks `coversDays` × the daily budget less its credit (`newPaymentLink`), so the
 * daily amount is read back from the link itself: what it charges, even should the budget change.
 */
export function amountDueOf(link: Pick<PaymentLinkRow, 'amountCents' | 'creditCents' | 'coversDays'>): AmountDue {
  return {
    amount: centsToDollars(link.amountCents),
    covers_days: link.coversDays,
    daily_amount: link.coversDays ? centsToDollars(dailyCentsOf(link)) : null,
    credit_used: centsToDollars(link.creditCents),
  };
}

/**
 * A payment's receipt number, "R-000123": made from the payment's id rather than stored, so it
 * is unique, never changes, and every payment already made has one without a migration.
 */
export const receiptNumber = (paymentId: number) => `R-${String(paymentId).padStart(6, '0')}`;
