/**
 * The value axis of the weekly spend chart (docs/product/insights.md, Weekly spend): 0 at the
 * bottom (or a round mark below it for a correction's negative day) and round, evenly spaced
 * marks up to the first one that covers the largest amount, written with K and M. The marks
 * follow the amounts: a fixed 0–150K axis flattened a customer's $50 days onto its zero line.
 */

/** About this many intervals between the lowest and the highest mark, before rounding. */
const TARGET_INTERVALS = 4;
/** No mark is finer than a dollar: the chart shows dollars, not cents. */
const SMALLEST_STEP = 1;
/** With nothing spent in either week there is nothing to scale to: a small axis in dollars. */
const EMPTY_TICKS = [0, 25, 50, 75, 100];

/** The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** The marks of the value axis for these amounts (nulls, days still to come, are left out). */
export function spendAxisTicks(amounts: readonly (number | null | undefined)[]): number[] {
  const values = amounts.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  if (max === min) return [...EMPTY_TICKS];
  const step = Math.max(SMALLEST_STEP, niceStep((max - min) / TARGET_INTERVALS));
  const bottom = Math.floor(min / step);
  const top = Math.ceil(max / step);
  const ticks: number[] = [];
  // Whole multiples of the step, so that 0 is a mark and no sum drifts (0.1 + 0.2).
  for (let index = bottom; index <= top; index += 1) ticks.push(index === 0 ? 0 : index * step);
  return ticks;
}

/** Up to two decimals, without trailing zeros: 1.5, 1.25, 2. */
const trimmed = (value: number) => String(Number(value.toFixed(2)));

/** A mark of the value axis: "0", "250", "50K", "1.5M". */
export function formatAxisAmount(value: number): string {
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${trimmed(value / 1_000_000)}M`;
  if (size >= 1_000) return `${trimmed(value / 1_000)}K`;
  return trimmed(value);
}
