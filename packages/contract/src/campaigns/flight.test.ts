import { describe, expect, it } from 'vitest';
import { FLIGHT_MESSAGES, flightProblems, flightStateOn, startOfDayIn, todayIn } from './flight';

describe('flight dates', () => {
  it('reads today and midnight on the account’s calendar', () => {
    const now = new Date('2026-11-20T23:30:00.000Z');
    expect(todayIn('UTC', now)).toBe('2026-11-20');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-11-21');
    expect(todayIn('America/New_York', now)).toBe('2026-11-20');
    expect(startOfDayIn('2026-11-21', 'Europe/Berlin').toISOString()).toBe('2026-11-20T23:00:00.000Z');
    // The day summer time ends in Berlin begins at 22:00 UTC the evening before.
    expect(startOfDayIn('2026-10-25', 'Europe/Berlin').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('places a flight on a day', () => {
    const flight = { start_date: '2026-12-01', end_date: '2026-12-03' };
    expect(flightStateOn(flight, '2026-11-30')).toBe('scheduled');
    expect(flightStateOn(flight, '2026-12-01')).toBe('running');
    expect(flightStateOn(flight, '2026-12-03')).toBe('running');
    expect(flightStateOn(flight, '2026-12-04')).toBe('ended');
    expect(flightStateOn({ start_date: null, end_date: null }, '2030-01-01')).toBe('running');
  });

  it('checks new dates, and leaves dates kept as they were alone', () => {
    const today = '2026-11-20';
    const messages = (
      dates: { start_date: string | null; end_date: string | null },
      saved?: Parameters<typeof flightProblems>[2],
    ) => flightProblems(dates, today, saved).map((problem) => problem.message);
    expect(messages({ start_date: '2026-11-20', end_date: '2026-11-20' })).toEqual([]);
    expect(messages({ start_date: '2026-11-19', end_date: null })).toEqual([FLIGHT_MESSAGES.startInPast]);
    expect(messages({ start_date: '2026-11-25', end_date: '2026-11-24' })).toEqual([FLIGHT_MESSAGES.endBeforeStart]);
    expect(messages({ start_date: null, end_date: '2027-11-20' })).toEqual([]);
    expect(messages({ start_date: null, end_date: '2027-11-21' })).toEqual([FLIGHT_MESSAGES.endTooFar]);
    // A running campaign that started on the 10th keeps its start and may move its end.
    const running = { start_date: '2026-11-10', end_date: '2026-11-30', started: true };
    expect(messages({ start_date: '2026-11-10', end_date: '2026-11-25' }, running)).toEqual([]);
    expect(messages({ start_date: '2026-11-22', end_date: '2026-11-30' }, running)).toEqual([
      FLIGHT_MESSAGES.startFixed,
    ]);
    // A pending campaign whose start came while it waited keeps it unchecked, or moves it ahead.
    const waiting = { ...running, started: false };
    expect(messages({ start_date: '2026-11-10', end_date: '2026-11-30' }, waiting)).toEqual([]);
    expect(messages({ start_date: '2026-11-22', end_date: '2026-11-30' }, waiting)).toEqual([]);
  });
});
