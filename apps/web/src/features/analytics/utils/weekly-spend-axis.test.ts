import { describe, expect, it } from 'vitest';
import { formatAxisAmount, spendAxisTicks } from './weekly-spend-axis';

const labels = (amounts: (number | null)[]) => spendAxisTicks(amounts).map(formatAxisAmount);

describe('the weekly spend value axis', () => {
  it('is 0, 50K, 100K and 150K while every amount fits under 150K', () => {
    expect(spendAxisTicks([])).toEqual([0, 50_000, 100_000, 150_000]);
    expect(spendAxisTicks([30, 0, null, null])).toEqual([0, 50_000, 100_000, 150_000]);
    expect(labels([149_999.99, 150_000, null])).toEqual(['0', '50K', '100K', '150K']);
  });

  it('above 150K, has round, evenly spaced marks that cover the largest amount', () => {
    expect(labels([160_000, 20, null])).toEqual(['0', '50K', '100K', '150K', '200K']);
    expect(labels([201_000])).toEqual(['0', '100K', '200K', '300K']);
    expect(labels([600_000])).toEqual(['0', '200K', '400K', '600K']);
    expect(labels([1_234_567.5, 900_000])).toEqual(['0', '500K', '1M', '1.5M']);
    expect(labels([7_900_000])).toEqual(['0', '2M', '4M', '6M', '8M']);

    for (const max of [150_001, 333_333, 999_999, 1_000_001, 12_345_678, 250_000_000]) {
      const ticks = spendAxisTicks([max]);
      const step = ticks[1]! - ticks[0]!;
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-2)!).toBeLessThan(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.every((tick, index) => tick === index * step)).toBe(true);
      // Round: a mark is 1, 2 or 5 times a power of ten times a whole number.
      expect(String(step)).toMatch(/^[125]0+$/);
    }
  });

  it('reaches below 0 for a correction, keeping 0 a mark', () => {
    expect(labels([-20_000, 100_000])).toEqual(['-50K', '0', '50K', '100K', '150K']);
  });

  it('writes marks with K for thousands and M for millions', () => {
    expect(formatAxisAmount(0)).toBe('0');
    expect(formatAxisAmount(500)).toBe('500');
    expect(formatAxisAmount(50_000)).toBe('50K');
    expect(formatAxisAmount(250_000)).toBe('250K');
    expect(formatAxisAmount(1_000_000)).toBe('1M');
    expect(formatAxisAmount(1_250_000)).toBe('1.25M');
    expect(formatAxisAmount(-50_000)).toBe('-50K');
  });
});
