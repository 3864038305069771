import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatUsd } from './format';

describe('formats', () => {
  it('writes dates as D MMM YYYY in UTC', () => {
    expect(formatDate('2026-11-02T23:30:00.000Z')).toBe('2 Nov 2026');
    expect(formatDate('2026-09-15T00:00:00Z')).toBe('15 Sep 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('writes dollars with two decimals and counts with separators', () => {
    expect(formatUsd(1250)).toBe('$1,250.00');
    expect(formatUsd(0.5)).toBe('$0.50');
    expect(formatUsd(null)).toBe('');
    expect(formatCount(12500)).toBe('12,500');
    expect(formatCount(undefined)).toBe('');
  });
});
