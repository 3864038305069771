import { describe, expect, it } from 'vitest';
import { formatAxisAmount, spendAxisTicks } from './weekly-spend-axis';

const labels = (amounts: (number | null)[]) => spendAxisTicks(amounts).map(formatAxisAmount);

describe('the weekly spend value axis', () => {
  it('follows the amounts: a small week gets a small axis, not 0–150K', () => {
    expect(spendAxisTicks([85, 30, 0, null, null])).toEqual([0, 25, 50, 75, 100]);
    expect(spendAxisTicks([50, 1_000, null])).toEqual([0, 250, 500, 750, 1_000]);
    expect(labels([1_000])).toEqual(['0', '250', '500', '750', '1K']);
    expect(spendAxisTicks([60, 30])).toEqual([0, 20, 40, 60]);
    expect(spendAxisTicks([3])).toEqual([0, 1, 2, 3]);
    // Never finer than a dollar.
    expect(spendAxisTicks([0.4])).toEqual([0, 1]);
  });

  it('keeps the 50K marks for a week that reaches 150K', () => {
    expect(labels([149_999.99, 150_000, null])).toEqual(['0', '50K', '100K', '150K']);
    expect(labels([120_000, 20])).toEqual(['0', '50K', '100K', '150K']);
  });

  it('has a small axis in dollars when nothing was spent', () => {
    expect(spendAxisTicks([])).toEqual([0, 25, 50, 75, 100]);
    expect(spendAxisTicks([0, 0, null, null])).toEqual([0, 25, 50, 75, 100]);
  });

  it('has round, evenly spaced marks from 0 that cover the largest amount', () => {
    expect(labels([160_000, 20, null])).toEqual(['0', '50K', '100K', '150K', '200K']);
    expect(labels([201_000])).toEqual(['0', '100K', '200K', '300K']);
    expect(labels([600_000])).toEqual(['0', '200K', '400K', '600K']);
    expect(labels([1_234_567.5, 900_000])).toEqual(['0', '500K', '1M', '1.5M']);
    expect(labels([7_900_000])).toEqual(['0', '2M', '4M', '6M', '8M']);

    for (const max of [0.5, 7, 85, 999, 1_001, 33_333, 150_001, 999_999, 12_345_678, 250_000_000]) {
      const ticks = spendAxisTicks([max]);
      const step = ticks[1]! - ticks[0]!;
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-2)!).toBeLessThan(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.every((tick, index) => tick === index * step)).toBe(true);
      // Round: a step is 1, 2, 2.5 or 5 times a power of ten.
      expect(String(step)).toMatch(/^(1|2|25|5)0*$/);
    }
  });

  it('reaches below 0 for a correction, keeping 0 a mark', () => {
    expect(labels([-20_000, 100_000])).toEqual(['-50K', '0', '50K', '100K']);
    expect(spendAxisTicks([-20, 60])).toEqual([-20, 0, 20, 40, 60]);
  });

  it('writes marks with K for thousands and M for millions', () => {
    expect(formatAxisAmount(0)).toBe('0');
    expect(formatAxisAmount(25)).toBe('25');
    expect(formatAxisAmount(500)).toBe('500');
    expect(formatAxisAmount(50_000)).toBe('50K');
    expect(formatAxisAmount(250_000)).toBe('250K');
    expect(formatAxisAmount(1_000_000)).toBe('1M');
    expect(formatAxisAmount(1_250_000)).toBe('1.25M');
    expect(formatAxisAmount(-50_000)).toBe('-50K');
  });
});
