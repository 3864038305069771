import { describe, expect, it } from 'vitest';
import { PACING_TEXTS, pacingBudgetCents, pacingOf, type BudgetedCampaign } from './pacing';

/** docs/product/insights.md, Pacing: the worked examples, numbers in and numbers out. */
describe('pacing', () => {
  const boots: BudgetedCampaign = {
    budget_type: 'lifetime',
    budget_amount: 1000,
    start_date: '2026-12-01',
    end_date: '2026-12-19',
    published_on: '2026-11-25T10:00:00.000Z',
  };
  const coats: BudgetedCampaign = {
    budget_type: 'daily',
    budget_amount: 50,
    start_date: '2026-12-01',
    end_date: '2026-12-20',
    published_on: '2026-11-25T10:00:00.000Z',
  };
  const hats: BudgetedCampaign = {
    budget_type: 'daily',
    budget_amount: 40,
    start_date: null,
    end_date: null,
    published_on: '2026-12-01T09:00:00.000Z',
  };

  it('1. a lifetime budget that runs out before its end date', () => {
    const pacing = pacingOf(boots, {
      paidCents: 100_000,
      current: { asOf: '2026-12-10', spentCents: 76_000 },
      spentBeforeWindowCents: 34_000,
      today: '2026-12-11',
    });
    expect(pacing).toEqual({
      spent: 760,
      budget: 1000,
      budget_used_percent: 76,
      flight_start: '2026-12-01',
      flight_end: '2026-12-19',
      days_elapsed: 11,
      days_in_flight: 19,
      daily_spend: 60,
      runs_out_on: '2026-12-14',
      outlook: 'runs_out',
    });
    expect(PACING_TEXTS.spentOfBudget(pacing)).toBe('$760.00 of $1,000.00 spent (76%)');
    expect(PACING_TEXTS.daysElapsed(pacing)).toBe('11 of 19 days elapsed');
    expect(PACING_TEXTS.dailySpend(pacing)).toBe('$60.00 a day over the last 7 days');
    expect(PACING_TEXTS.outlook(pacing)).toBe(
      'At this rate the budget runs out on 14 Dec 2026, 5 days before the end date',
    );
  });

  it('2. a daily budget with an end date that lasts past it, averaged over the flight’s first days', () => {
    expect(pacingBudgetCents(coats, 0)).toBe(100_000);
    const pacing = pacingOf(coats, {
      paidCents: 35_000,
      current: { asOf: '2026-12-05', spentCents: 10_000 },
      spentBeforeWindowCents: 0,
      today: '2026-12-06',
    });
    expect(pacing).toMatchObject({
      spent: 100,
      budget: 1000,
      budget_used_percent: 10,
      days_elapsed: 6,
      days_in_flight: 20,
      daily_spend: 20,
      runs_out_on: '2027-01-19',
      outlook: 'lasts',
    });
    expect(PACING_TEXTS.outlook(pacing)).toBe('At this rate the budget lasts past the end date');
  });

  it('3. a daily budget without an end, measured against what was paid', () => {
    const pacing = pacingOf(hats, {
      paidCents: 28_000,
      current: { asOf: '2026-12-08', spentCents: 14_000 },
      spentBeforeWindowCents: 0,
      today: '2026-12-09',
    });
    expect(pacing).toMatchObject({
      spent: 140,
      budget: 280,
      budget_used_percent: 50,
      flight_start: '2026-12-01',
      flight_end: null,
      days_elapsed: 9,
      days_in_flight: null,
      daily_spend: 20,
      runs_out_on: '2026-12-15',
      outlook: 'runs_out',
    });
    expect(PACING_TEXTS.daysElapsed(pacing)).toBe('9 days elapsed, no end date');
    expect(PACING_TEXTS.outlook(pacing)).toBe('At this rate the budget runs out on 15 Dec 2026');
  });

  it('says when there is nothing to project, no budget, or the budget is spent', () => {
    const today = '2026-12-09';
    const without = pacingOf(boots, { paidCents: 0, current: null, spentBeforeWindowCents: 0, today });
    expect(without).toMatchObject({ spent: 0, budget_used_percent: 0, daily_spend: null, outlook: 'no_projection' });
    expect(PACING_TEXTS.outlook(without)).toBe('Not enough figures yet to project');

    const unpaid = pacingOf(hats, { paidCents: 0, current: null, spentBeforeWindowCents: 0, today });
    expect(unpaid).toMatchObject({ budget: null, budget_used_percent: null, outlook: 'no_budget' });
    expect(PACING_TEXTS.spentOfBudget(unpaid)).toBe('$0.00 spent');
    expect(PACING_TEXTS.outlook(unpaid)).toBe('Nothing paid yet: no budget to measure against');

    const spent = pacingOf(boots, {
      paidCents: 0,
      current: { asOf: '2026-12-08', spentCents: 100_000 },
      spentBeforeWindowCents: 90_000,
      today,
    });
    expect(spent).toMatchObject({ budget_used_percent: 100, outlook: 'spent', runs_out_on: null });
    expect(PACING_TEXTS.outlook(spent)).toBe('The budget is spent');
  });

  it('runs out on the end date itself, and counts no flight days before the start', () => {
    const pacing = pacingOf(boots, {
      paidCents: 0,
      current: { asOf: '2026-12-10', spentCents: 46_000 },
      spentBeforeWindowCents: 4_000,
      today: '2026-11-30',
    });
    expect(pacing).toMatchObject({ days_elapsed: 0, daily_spend: 60, runs_out_on: '2026-12-19' });
    expect(PACING_TEXTS.outlook(pacing)).toBe('At this rate the budget runs out on 19 Dec 2026, on the end date');
  });

  it('never runs out before today when the figures are days old', () => {
    // Figures of 10 Dec leave $420 at $60 a day, to 17 Dec; read on 25 Dec, today is the answer.
    const pacing = pacingOf(
      { ...boots, end_date: '2026-12-31' },
      {
        paidCents: 0,
        current: { asOf: '2026-12-10', spentCents: 58_000 },
        spentBeforeWindowCents: 16_000,
        today: '2026-12-25',
      },
    );
    expect(pacing).toMatchObject({ runs_out_on: '2026-12-25', outlook: 'runs_out' });
  });
});
