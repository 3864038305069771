import { describe, expect, it } from 'vitest';
import { currentReportPeriod, lastReportPeriod, reportChange } from './report-schedules.schemas';

describe('scheduled report periods', () => {
  it('reports the week before, Monday to Sunday, from Monday midnight in the zone', () => {
    // Sunday 23:30 in New York: the week of 9 to 15 November has not ended there yet.
    expect(lastReportPeriod('weekly', new Date('2026-11-16T04:30:00Z'), 'America/New_York')).toEqual({
      from: '2026-11-02',
      to: '2026-11-08',
      previousFrom: '2026-10-26',
      previousTo: '2026-11-01',
      endsAt: new Date('2026-11-09T05:00:00Z'),
    });
    expect(lastReportPeriod('weekly', new Date('2026-11-16T05:00:00Z'), 'America/New_York')).toMatchObject({
      from: '2026-11-09',
      to: '2026-11-15',
      endsAt: new Date('2026-11-16T05:00:00Z'),
    });
  });

  it('keeps local midnight across a change to summer time', () => {
    // Europe/Berlin moves to summer time on Sunday 29 March 2026: that Monday begins at 22:00 UTC.
    expect(lastReportPeriod('weekly', new Date('2026-03-29T21:30:00Z'), 'Europe/Berlin')).toMatchObject({
      from: '2026-03-16',
      to: '2026-03-22',
      endsAt: new Date('2026-03-22T23:00:00Z'),
    });
    expect(lastReportPeriod('weekly', new Date('2026-03-29T22:30:00Z'), 'Europe/Berlin')).toMatchObject({
      from: '2026-03-23',
      to: '2026-03-29',
      previousFrom: '2026-03-16',
      previousTo: '2026-03-22',
      endsAt: new Date('2026-03-29T22:00:00Z'),
    });
  });

  it('reports the month before from the 1st, across a change back to winter time and a year', () => {
    // New York leaves summer time on 1 November 2026 at 02:00: its midnight is still 04:00 UTC.
    expect(lastReportPeriod('monthly', new Date('2026-11-01T04:30:00Z'), 'America/New_York')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      previousFrom: '2026-09-01',
      previousTo: '2026-09-30',
      endsAt: new Date('2026-11-01T04:00:00Z'),
    });
    expect(lastReportPeriod('monthly', new Date('2026-11-01T03:30:00Z'), 'America/New_York')).toMatchObject({
      from: '2026-09-01',
      to: '2026-09-30',
    });
    expect(lastReportPeriod('monthly', new Date('2027-01-01T00:00:00Z'), 'Asia/Tokyo')).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
      previousFrom: '2026-11-01',
      previousTo: '2026-11-30',
      endsAt: new Date('2026-12-31T15:00:00Z'),
    });
    expect(lastReportPeriod('monthly', new Date('2026-03-05T00:00:00Z'), 'UTC')).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      previousFrom: '2026-01-01',
      previousTo: '2026-01-31',
    });
  });

  it('names the running period, whose report goes out when it ends', () => {
    expect(currentReportPeriod('weekly', new Date('2026-11-18T10:00:00Z'), 'UTC')).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(currentReportPeriod('monthly', new Date('2026-12-31T23:00:00Z'), 'UTC')).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
      endsAt: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('writes the change from the period before', () => {
    expect(reportChange(45, 20)).toBe('+125.0%');
    expect(reportChange(100, 200)).toBe('-50.0%');
    expect(reportChange(5, 5)).toBe('no change');
    expect(reportChange(5, 0)).toBe('new');
    expect(reportChange(-10, 20)).toBe('-150.0%');
  });
});
