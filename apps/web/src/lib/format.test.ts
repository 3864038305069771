import { describe, expect, it } from 'vitest';
import { figuresAsOf, formatChange, formatCount, formatDate, formatHours, formatUsd } from './format';

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

  it('writes money and counts as en-US does, without Intl', () => {
    // Each case against the platform's own formatter, which the portal no longer loads.
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const amount of [0, 7, 12.5, 999.99, 1000, 1234567.891, 987654321, -0.5, -1250.25]) {
      expect(formatUsd(amount)).toBe(usd.format(amount));
    }
    for (const count of [0, 1, 999, 1000, 12500, 1234567, 1.5, 1234.5678, 0.0004, -42, -98765.4321]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
    expect(formatUsd(Number.NaN)).toBe('');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('writes weekly changes with a sign and one decimal, 0 as a rise', () => {
    expect(formatChange(12.5)).toBe('+12.5%');
    expect(formatChange(-50)).toBe('-50.0%');
    expect(formatChange(0)).toBe('+0.0%');
    expect(formatChange(-0.04)).toBe('+0.0%');
  });

  it('writes hours and the date of the current figures', () => {
    expect(formatHours(24)).toBe('24 h');
    expect(formatHours(null)).toBe('');
    expect(figuresAsOf('2026-11-18T00:00:00.000Z')).toBe('Figures as of 18 Nov 2026');
  });
});
