import { afterEach, describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDay,
  calendarMinute,
  dayStart,
  formatDate,
  formatDateTime,
  formatLegacyDateTime,
  isoWeekMonday,
  parseIsoDate,
  parseLegacyDateTime,
} from './dates';

const iso = (date: Date | undefined) => date?.toISOString();

describe('dates', () => {
  const processZone = process.env.TZ;
  afterEach(() => {
    if (processZone === undefined) delete process.env.TZ;
    else process.env.TZ = processZone;
  });

  it('reads ISO 8601 days and instants, without an offset as UTC', () => {
    expect(iso(parseIsoDate('2026-11-18'))).toBe('2026-11-18T00:00:00.000Z');
    expect(iso(parseIsoDate('2026-11-18T10:30'))).toBe('2026-11-18T10:30:00.000Z');
    expect(iso(parseIsoDate('2026-11-18T10:30:05.250Z'))).toBe('2026-11-18T10:30:05.250Z');
    expect(iso(parseIsoDate('2026-11-18T01:30:00+02:00'))).toBe('2026-11-17T23:30:00.000Z');
    expect(iso(parseIsoDate('2026-11-18T01:30:00-0530'))).toBe('2026-11-18T07:00:00.000Z');
    expect(iso(parseIsoDate('  2026-11-18 \n'))).toBe('2026-11-18T00:00:00.000Z');
  });

  it('reads the entry form, with or without the time, month names in any case', () => {
    expect(iso(parseLegacyDateTime('18 Nov 2026 00:00:00'))).toBe('2026-11-18T00:00:00.000Z');
    expect(iso(parseLegacyDateTime('2 nov 2026 10:30:05'))).toBe('2026-11-02T10:30:05.000Z');
    expect(iso(parseLegacyDateTime(' 18 NOV 2026 '))).toBe('2026-11-18T00:00:00.000Z');
  });

  it('refuses impossible days and garbage', () => {
    for (const text of ['2026-02-31', '2026-13-01', '2026-11-18T25:00', '18 Nov 26', '2026-W47', '', 'today']) {
      expect(parseIsoDate(text), text).toBeUndefined();
    }
    for (const text of ['31 Feb 2026 00:00:00', '29 Feb 2027', '2 Foo 2026', '18 Nov 2026 10:30', '18 Nov 26', '']) {
      expect(parseLegacyDateTime(text), text).toBeUndefined();
    }
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(new Date(NaN))).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('takes the leap day of leap years', () => {
    expect(iso(parseIsoDate('2028-02-29'))).toBe('2028-02-29T00:00:00.000Z');
    expect(iso(parseLegacyDateTime('29 Feb 2028 00:00:00'))).toBe('2028-02-29T00:00:00.000Z');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2027-02-28', 1)).toBe('2027-03-01');
  });

  it('writes each form back as it reads it', () => {
    for (const text of ['18 Nov 2026 00:00:00', '2 Sep 2026 10:30:05', '29 Feb 2028 23:59:59']) {
      expect(formatLegacyDateTime(parseLegacyDateTime(text)!)).toBe(text);
    }
    for (const day of ['2026-11-18', '2028-02-29', '2027-01-01']) {
      expect(calendarDay(parseIsoDate(day)!)).toBe(day);
      expect(dayStart(day)).toBe(`${day}T00:00:00.000Z`);
    }
    expect(calendarMinute(parseIsoDate('2026-11-18T10:30')!)).toBe('2026-11-18T10:30');
    expect(formatDate(parseLegacyDateTime('2 Sep 2026'))).toBe('2 Sep 2026');
  });

  it('shows days as D MMM YYYY and times in UTC', () => {
    expect(formatDate('2026-11-02T23:30:00.000Z')).toBe('2 Nov 2026');
    expect(formatDate(new Date('2026-09-15T00:00:00Z'))).toBe('15 Sep 2026');
    expect(formatDateTime('2026-11-02T14:05:00.000Z')).toBe('2 Nov 2026, 14:05 UTC');
  });

  it('counts ISO weeks from Monday, across months and years', () => {
    const mondays = {
      '2026-11-16': '2026-11-16',
      '2026-11-18': '2026-11-16',
      '2026-11-22': '2026-11-16',
      '2027-01-01': '2026-12-28',
    };
    for (const [day, monday] of Object.entries(mondays)) expect(isoWeekMonday(day), day).toBe(monday);
    expect(addCalendarDays('2026-11-16', -7)).toBe('2026-11-09');
    expect(addCalendarDays('2026-12-28', 13)).toBe('2027-01-10');
  });

  it('gives the same answers whatever the time zone of the process', () => {
    const answers = () => [
      iso(parseIsoDate('2026-03-29T00:30')),
      iso(parseLegacyDateTime('29 Mar 2026 00:30:00')),
      formatLegacyDateTime(new Date('2026-03-29T00:30:00Z')),
      calendarDay(new Date('2026-11-18T23:30:00Z')),
      calendarMinute(new Date('2026-11-18T23:30:00Z')),
      formatDate('2026-11-18T23:30:00Z'),
      formatDateTime('2026-11-18T23:30:00Z'),
      isoWeekMonday('2026-03-29'),
      addCalendarDays('2026-03-28', 2),
    ];
    process.env.TZ = 'UTC';
    const inUtc = answers();
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Europe/London', 'Asia/Kolkata']) {
      process.env.TZ = zone;
      expect(answers(), zone).toEqual(inUtc);
    }
    // The zone did change: 23:30 UTC on the 18th is the 19th in Kiritimati (UTC+14).
    process.env.TZ = 'Pacific/Kiritimati';
    expect(new Date('2026-11-18T23:30:00Z').getDate()).toBe(19);
    expect(inUtc).toEqual([
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '29 Mar 2026 00:30:00',
      '2026-11-18',
      '2026-11-18T23:30',
      '18 Nov 2026',
      '18 Nov 2026, 23:30 UTC',
      '2026-03-23',
      '2026-03-30',
    ]);
  });
});
