import { describe, expect, it } from 'vitest';
import { presetRange, readPreset } from './report-range';

describe('the range presets', () => {
  it('count back from today, today included', () => {
    expect(presetRange('last_7_days', '2026-11-20')).toEqual({ from: '2026-11-14', to: '2026-11-20' });
    expect(presetRange('last_30_days', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('take whole months, last month in January being December', () => {
    expect(presetRange('this_month', '2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(presetRange('last_month', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('last_month', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('run a flight from its start, no further back than a report reaches', () => {
    expect(presetRange('flight_to_date', '2026-11-20', { flightStart: '2026-10-02' })).toEqual({
      from: '2026-10-02',
      to: '2026-11-20',
    });
    expect(presetRange('flight_to_date', '2026-11-20', { flightStart: '2024-01-01' })).toEqual({
      from: '2025-11-20',
      to: '2026-11-20',
    });
    expect(presetRange('flight_to_date', '2026-11-20', { flightStart: null })).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
    });
  });

  it('keep a custom range, and read only known presets from the address', () => {
    const current = { from: '2026-01-01', to: '2026-01-05' };
    expect(presetRange('custom', '2026-11-20', { current })).toBe(current);
    expect(readPreset('this_month')).toBe('this_month');
    expect(readPreset('yesterday')).toBeUndefined();
  });
});
