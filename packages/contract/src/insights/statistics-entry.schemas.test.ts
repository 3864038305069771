import { describe, expect, it } from 'vitest';
import { FIGURES } from './figures';
import { parseStatisticsDate, STATISTICS_MESSAGES, statisticsRequestSchema } from './statistics-entry.schemas';

const complete = () => ({
  ...Object.fromEntries(FIGURES.filter((figure) => figure.required).map((figure) => [figure.key, '10'])),
  amount_spent: '120.50',
  created_at: '18 Nov 2026 00:00:00',
  date_paid: '2 Nov 2026 00:00:00',
  'dates[0]': '18 Nov 2026 10:30:00',
  'dates[1]': '2026-11-19T08:00:00Z',
  user_id: '99',
  gain_summary: '0',
});

const errorsOf = (body: Record<string, unknown>) => {
  const result = statisticsRequestSchema.safeParse(body);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('statisticsRequestSchema', () => {
  it('reads the dialog form: numbers, dates in D MMM YYYY form or ISO, the dates list, zeros for clicks and leads', () => {
    const values = statisticsRequestSchema.parse(complete());
    expect(values.amount_spent).toBe(120.5);
    expect(values.followers_count).toBe(10);
    expect(values.link_clicks).toBe(0);
    expect(values.lead_generated).toBe(0);
    expect(values.created_at.toISOString()).toBe('2026-11-18T00:00:00.000Z');
    expect(values.dates.map((date) => date.toISOString())).toEqual([
      '2026-11-18T10:30:00.000Z',
      '2026-11-19T08:00:00.000Z',
    ]);
    expect(values).not.toHaveProperty('user_id');
    expect(values).not.toHaveProperty('gain_summary');
  });

  it('gives each empty field its own message', () => {
    const errors = errorsOf({});
    for (const figure of FIGURES) expect(errors[figure.key]).toBe(figure.required ?? undefined);
    expect(errors.created_at).toBe(STATISTICS_MESSAGES.dateRequired);
    expect(errors.date_paid).toBe(STATISTICS_MESSAGES.dateRequired);
    expect(errors.dates).toBe(STATISTICS_MESSAGES.datesRequired);
  });

  it('takes every amount with cents, whatever its binary form', () => {
    for (const amount of ['19.99', '1.15', '4.35', '0.29', '1234567.89']) {
      expect(statisticsRequestSchema.parse({ ...complete(), amount_spent: amount }).amount_spent).toBe(Number(amount));
    }
  });

  it('refuses figures too large to add up exactly', () => {
    expect(errorsOf({ ...complete(), amount_spent: '1e300' }).amount_spent).toBe(STATISTICS_MESSAGES.tooLarge);
    expect(errorsOf({ ...complete(), posts: '99999999999999999999' }).posts).toBe(STATISTICS_MESSAGES.tooLarge);
    expect(statisticsRequestSchema.parse({ ...complete(), amount_spent: '1000000000' }).amount_spent).toBe(1e9);
  });

  it('refuses negative, fractional counts, sub-cent money, bad and impossible dates', () => {
    expect(errorsOf({ ...complete(), posts: '-1' }).posts).toBe(STATISTICS_MESSAGES.negative);
    expect(errorsOf({ ...complete(), posts: '1.5' }).posts).toBe(STATISTICS_MESSAGES.notWhole);
    expect(errorsOf({ ...complete(), ad_cost: '1.005' }).ad_cost).toBe(STATISTICS_MESSAGES.tooManyDecimals);
    expect(errorsOf({ ...complete(), ad_cost: 'lots' }).ad_cost).toBe(STATISTICS_MESSAGES.notANumber);
    expect(errorsOf({ ...complete(), link_clicks: '-3' }).link_clicks).toBe(STATISTICS_MESSAGES.negative);
    expect(errorsOf({ ...complete(), created_at: '31 Feb 2026 00:00:00' }).created_at).toBe(
      STATISTICS_MESSAGES.dateInvalid,
    );
    expect(errorsOf({ ...complete(), date_paid: 'yesterday' }).date_paid).toBe(STATISTICS_MESSAGES.dateInvalid);
    expect(errorsOf({ ...complete(), 'dates[0]': 'soon' })['dates.0']).toBe(STATISTICS_MESSAGES.dateInvalid);
  });

  it('parses the two date forms as UTC', () => {
    expect(parseStatisticsDate('2 Nov 2026 00:00:00')?.toISOString()).toBe('2026-11-02T00:00:00.000Z');
    expect(parseStatisticsDate('2026-11-02')?.toISOString()).toBe('2026-11-02T00:00:00.000Z');
    expect(parseStatisticsDate('2 Foo 2026')).toBeUndefined();
  });
});
