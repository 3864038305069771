import {
  FIGURES,
  FIGURES_BY_KEY,
  STATISTICS_MESSAGES,
  parseStatisticsDate,
  type StatisticsEntry,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  editMetricsValues,
  statisticsDateTime,
  statisticsDay,
  statisticsFields,
  todayUtc,
  validateEditMetrics,
  type EditMetricsValues,
} from './edit-metrics-values';

const TODAY = '2026-11-24';

function entry(overrides: Partial<StatisticsEntry> = {}): StatisticsEntry {
  return {
    id: 3,
    created_at: '2026-11-20T00:00:00.000Z',
    date_paid: '2026-11-02T00:00:00.000Z',
    amount_spent: 120.5,
    ad_cost: 100,
    followers_count: 1500,
    posts: 3,
    duration: 48,
    total_reach: 9000,
    post_reach: 6000,
    story_reach: 3000,
    total_impressions: 12000,
    post_impressions: 8000,
    story_impressions: 4000,
    post_likes: 400,
    post_comments: 30,
    post_shares: 12,
    post_saves: 9,
    story_account_taps: 40,
    stories_with_link: 2,
    link_clicks: 75,
    lead_generated: 5,
    dates: ['2026-11-18T10:30:00.000Z'],
    ...overrides,
  };
}

/** The defaults with every required figure filled in and one posting date. */
function complete(overrides: Partial<EditMetricsValues> = {}): EditMetricsValues {
  const values = editMetricsValues({ today: TODAY });
  for (const { key } of FIGURES) {
    if (values[key] === '') values[key] = 7;
  }
  return { ...values, date_paid: '2026-11-02', dates: ['2026-11-18T10:30'], ...overrides };
}

describe('the dates the Edit metrics dialog sends', () => {
  it("writes days as 'D MMM YYYY 00:00:00' and posting dates as 'D MMM YYYY HH:mm:ss', in UTC", () => {
    expect(statisticsDay('2026-11-18')).toBe('18 Nov 2026 00:00:00');
    expect(statisticsDay('2026-02-02')).toBe('2 Feb 2026 00:00:00');
    expect(statisticsDateTime('2026-11-18T10:30')).toBe('18 Nov 2026 10:30:00');
    expect(statisticsDateTime('2026-01-05T07:04:09')).toBe('5 Jan 2026 07:04:09');
    // What the server reads back is the same moment, in UTC.
    expect(parseStatisticsDate(statisticsDay('2026-11-18')!)?.toISOString()).toBe('2026-11-18T00:00:00.000Z');
    expect(parseStatisticsDate(statisticsDateTime('2026-11-18T10:30')!)?.toISOString()).toBe(
      '2026-11-18T10:30:00.000Z',
    );
  });

  it('gives nothing for an empty value or a day that does not exist', () => {
    expect(statisticsDay('')).toBeUndefined();
    expect(statisticsDay('2026-02-31')).toBeUndefined();
    expect(statisticsDay('18/11/2026')).toBeUndefined();
    expect(statisticsDateTime('2026-11-18')).toBeUndefined();
    expect(statisticsDateTime('2026-11-18T25:00')).toBeUndefined();
  });

  it('takes today in UTC', () => {
    expect(todayUtc(new Date('2026-11-24T23:59:00-05:00'))).toBe('2026-11-25');
  });
});

describe('what the dialog starts with', () => {
  it('has Duration 24, Link clicks and Leads 0, today, and the rest empty without figures', () => {
    const values = editMetricsValues({ today: TODAY });
    expect(values).toMatchObject({
      duration: 24,
      link_clicks: 0,
      lead_generated: 0,
      amount_spent: '',
      followers_count: '',
      created_at: TODAY,
      date_paid: '',
      dates: [],
    });
  });

  it("continues the current figures, with the latest payment's date before the entry's", () => {
    const values = editMetricsValues({ current: entry(), today: TODAY });
    expect(values).toMatchObject({
      amount_spent: 120.5,
      duration: 48,
      link_clicks: 75,
      created_at: TODAY,
      date_paid: '2026-11-02',
      dates: ['2026-11-18T10:30'],
    });
    expect(editMetricsValues({ datePaid: '2026-11-10T08:00:00.000Z', current: entry(), today: TODAY }).date_paid).toBe(
      '2026-11-10',
    );
  });
});

describe('the multipart fields and the checks before sending', () => {
  it('names every field as the API does, with the posting dates indexed', () => {
    const fields = statisticsFields(complete({ amount_spent: 120.5, dates: ['2026-11-18T10:30', '2026-11-19T08:00'] }));
    expect(fields).toMatchObject({
      amount_spent: '120.5',
      duration: '24',
      link_clicks: '0',
      lead_generated: '0',
      created_at: '24 Nov 2026 00:00:00',
      date_paid: '2 Nov 2026 00:00:00',
      'dates[0]': '18 Nov 2026 10:30:00',
      'dates[1]': '19 Nov 2026 08:00:00',
    });
    expect(Object.keys(fields)).toHaveLength(FIGURES.length + 2 + 2);
  });

  it('passes a complete form, and says what the server would say about the rest', () => {
    expect(validateEditMetrics(complete(), TODAY)).toEqual({});
    const errors = validateEditMetrics(
      complete({ amount_spent: '', posts: -1, date_paid: '', created_at: '2026-11-25', dates: [] }),
      TODAY,
    );
    expect(errors).toEqual({
      amount_spent: FIGURES_BY_KEY.amount_spent.required,
      posts: STATISTICS_MESSAGES.negative,
      date_paid: STATISTICS_MESSAGES.dateRequired,
      created_at: STATISTICS_MESSAGES.dateInFuture,
      dates: STATISTICS_MESSAGES.datesRequired,
    });
    expect(validateEditMetrics(complete({ dates: ['not a date'] }), TODAY)).toEqual({
      dates: STATISTICS_MESSAGES.dateInvalid,
    });
  });
});
