import { z } from 'zod';
import { addCalendarDays, formatDate } from '../common/dates';
import { centsToDollars, dayCount, dollarsToCents, formatUsd } from '../common/money';
import { flightStartOf } from '../insights/reports.schemas';
import type { BUDGET_TYPES } from './campaign.schemas';
import { daysFromTo } from './flight';

/**
 * Pacing (docs/product/insights.md, Pacing): what a campaign has spent against the budget it is
 * measured against, the days of its flight gone, and the day its budget runs out at its recent
 * daily spend. The rules are here once: the server works the answer out, the budget alerts
 * measure against the same budget (docs/product/alerts.md, Budget alerts), and the pages write
 * the texts below.
 */

/** The recent daily spend is the average over this many days, up to the current figures' day. */
export const PACING_WINDOW_DAYS = 7;

/** What a campaign's budget and flight are, as its answer names them. */
export interface BudgetedCampaign {
  budget_type: (typeof BUDGET_TYPES)[number];
  /** Dollars: the whole budget (lifetime) or a day's (daily). */
  budget_amount: number;
  start_date: string | null;
  end_date: string | null;
  /** When it was approved (ISO 8601), or null before. */
  published_on: string | null;
}

/**
 * The budget a campaign's spend is measured against, in cents (docs/product/alerts.md, Budget
 * alerts): a lifetime budget is its amount; a daily budget with an end date is the daily amount
 * for every day of its flight (from its start date, or the day it was published, to its end
 * date); a daily budget without an end is what was paid for its weeks so far (`paidCents`).
 */
export function pacingBudgetCents(campaign: BudgetedCampaign, paidCents: number): number {
  const amountCents = dollarsToCents(campaign.budget_amount);
  if (campaign.budget_type === 'lifetime') return amountCents;
  const start = flightStartOf(campaign);
  if (!campaign.end_date || !start) return paidCents;
  return amountCents * Math.max(1, daysFromTo(start, campaign.end_date));
}

/**
 * What the projection says: `no_budget` (nothing to measure against: a daily budget without an
 * end and nothing paid), `spent` (the whole budget), `no_projection` (no spend over the recent
 * days), `runs_out` (on `runs_out_on`, by the end date if there is one) or `lasts` (past the end
 * date).
 */
export const PACING_OUTLOOKS = ['no_budget', 'spent', 'no_projection', 'runs_out', 'lasts'] as const;
export type PacingOutlook = (typeof PACING_OUTLOOKS)[number];

const dollars = z.number().meta({ description: 'US dollars' });

export const pacingSchema = z
  .object({
    /** The current figures' amount spent (0 before the first entry). */
    spent: dollars,
    /** The budget measured against; null when there is none. */
    budget: dollars.nullable(),
    /** Spent ÷ budget in whole percent, rounded down; null without a budget. */
    budget_used_percent: z.number().int().nullable(),
    /** The flight's first day (start date, or the day it was published) and last; null when not known or none. */
    flight_start: z.string().nullable(),
    flight_end: z.string().nullable(),
    /** Days of the flight from its first day to today in the account's time zone, both included; 0 before it starts. */
    days_elapsed: z.number().int(),
    /** Days from its first day to its end date; null without an end date. */
    days_in_flight: z.number().int().nullable(),
    /** The average spend a day over the recent days, to the cent; null without figures. */
    daily_spend: dollars.nullable(),
    /** The day the budget runs out at that rate; null when it is not projected. */
    runs_out_on: z.string().nullable(),
    outlook: z.enum(PACING_OUTLOOKS),
  })
  .meta({ id: 'Pacing', description: 'Spend against budget (docs/product/insights.md, Pacing).' });
export type Pacing = z.infer<typeof pacingSchema>;

/** What pacing is worked out from, besides the campaign: every amount in cents. */
export interface PacingFigures {
  /** What was paid for the campaign so far (every recorded payment). */
  paidCents: number;
  /** The current figures: their day and amount spent; null before the first entry. */
  current: { asOf: string; spentCents: number } | null;
  /**
   * The amount spent at the end of the `PACING_WINDOW_DAYS`th day before the current figures'
   * day (the newest entry dated then or earlier; 0 without one).
   */
  spentBeforeWindowCents: number;
  /** Today in the account's time zone. */
  today: string;
}

/** The days of the flight gone by `today`, and the days it has (null without an end). */
function flightDays(start: string | null, end: string | null, today: string) {
  const daysInFlight = start && end ? Math.max(1, daysFromTo(start, end)) : null;
  const elapsed = start ? Math.max(0, daysFromTo(start, today)) : 0;
  return { daysElapsed: daysInFlight === null ? elapsed : Math.min(elapsed, daysInFlight), daysInFlight };
}

/**
 * The recent spend a day, in cents: what was spent over the `PACING_WINDOW_DAYS` days up to the
 * current figures' day, spread over those days, or over the flight's days to then when it has
 * run fewer. Null without figures.
 */
function dailySpendCents(start: string | null, figures: PacingFigures): number | null {
  if (!figures.current) return null;
  const flownDays = start ? daysFromTo(start, figures.current.asOf) : PACING_WINDOW_DAYS;
  const days = Math.max(1, Math.min(PACING_WINDOW_DAYS, flownDays));
  return (figures.current.spentCents - figures.spentBeforeWindowCents) / days;
}

/** Where the budget stands and, at the recent rate, the day it runs out (the day its spend reaches the budget). */
function projection(budgetCents: number | null, dailyCents: number | null, figures: PacingFigures, end: string | null) {
  const spentCents = figures.current?.spentCents ?? 0;
  if (budgetCents === null) return { outlook: 'no_budget' as const, runsOutOn: null };
  if (spentCents >= budgetCents) return { outlook: 'spent' as const, runsOutOn: null };
  if (!figures.current || dailyCents === null || dailyCents <= 0) {
    return { outlook: 'no_projection' as const, runsOutOn: null };
  }
  const projected = addCalendarDays(figures.current.asOf, Math.ceil((budgetCents - spentCents) / dailyCents));
  // Figures some days old can put that day behind us; the budget, not spent yet, runs out today at the earliest.
  const runsOutOn = projected < figures.today ? figures.today : projected;
  return { outlook: end && runsOutOn > end ? ('lasts' as const) : ('runs_out' as const), runsOutOn };
}

/** A campaign's pacing (docs/product/insights.md, Pacing). */
export function pacingOf(campaign: BudgetedCampaign, figures: PacingFigures): Pacing {
  const start = flightStartOf(campaign);
  const budgetCents = pacingBudgetCents(campaign, figures.paidCents);
  const budget = budgetCents > 0 ? budgetCents : null;
  const spentCents = figures.current?.spentCents ?? 0;
  const dailyCents = dailySpendCents(start, figures);
  const { daysElapsed, daysInFlight } = flightDays(start, campaign.end_date, figures.today);
  const { outlook, runsOutOn } = projection(budget, dailyCents, figures, campaign.end_date);
  return {
    spent: centsToDollars(spentCents),
    budget: budget === null ? null : centsToDollars(budget),
    budget_used_percent: budget === null ? null : Math.floor((Math.max(0, spentCents) * 100) / budget),
    flight_start: start,
    flight_end: campaign.end_date,
    days_elapsed: daysElapsed,
    days_in_flight: daysInFlight,
    daily_spend: dailyCents === null ? null : centsToDollars(Math.round(dailyCents)),
    runs_out_on: runsOutOn,
    outlook,
  };
}

/** The pacing panel's texts (docs/product/insights.md, Pacing). */
export const PACING_TEXTS = {
  title: 'Pacing',
  dashboardTitle: 'Budget pacing',
  dashboardEmpty: 'No running campaigns',
  budgetLabel: (name: string) => `Budget used by ${name}`,
  flightLabel: (name: string) => `Flight days elapsed for ${name}`,
  spentOfBudget: (pacing: Pacing) =>
    pacing.budget === null
      ? `${formatUsd(pacing.spent)} spent`
      : `${formatUsd(pacing.spent)} of ${formatUsd(pacing.budget)} spent (${pacing.budget_used_percent}%)`,
  daysElapsed: (pacing: Pacing) =>
    pacing.days_in_flight === null
      ? `${dayCount(pacing.days_elapsed)} elapsed, no end date`
      : `${pacing.days_elapsed} of ${dayCount(pacing.days_in_flight)} elapsed`,
  dailySpend: (pacing: Pacing) =>
    pacing.daily_spend === null
      ? null
      : `${formatUsd(pacing.daily_spend)} a day over the last ${PACING_WINDOW_DAYS} days`,
  outlook: (pacing: Pacing): string => {
    switch (pacing.outlook) {
      case 'no_budget':
        return 'Nothing paid yet: no budget to measure against';
      case 'spent':
        return 'The budget is spent';
      case 'no_projection':
        return 'Not enough figures yet to project';
      case 'lasts':
        return 'At this rate the budget lasts past the end date';
      case 'runs_out':
        return `At this rate the budget runs out on ${formatDate(pacing.runs_out_on)}${beforeEnd(pacing)}`;
    }
  },
} as const;

/** ", 5 days before the end date", ", on the end date", or nothing without an end date. */
function beforeEnd({ runs_out_on, flight_end }: Pacing): string {
  if (!flight_end || !runs_out_on) return '';
  const early = daysFromTo(runs_out_on, flight_end) - 1;
  return early === 0 ? ', on the end date' : `, ${dayCount(early)} before the end date`;
}
