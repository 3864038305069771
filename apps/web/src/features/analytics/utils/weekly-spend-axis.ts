/**
 * The value axis of the weekly spend chart (docs/product/insights.md, Weekly spend): 0, 50K,
 * 100K and 150K while every amount fits under 150K; otherwise round, evenly spaced marks that
 * cover the largest amount (and a correction's negative day, if any), written with K and M.
 */
const STANDARD_TOP = 150_000;
const STANDARD_STEP = 50_000;
/** At most this many intervals above (or below) 0 before rounding up to a whole step. */
const TARGET_INTERVALS = 4;

/** The smallest of 1, 2 and 5 times a power of ten that is at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** The marks of the value axis for these amounts (nulls, days still to come, are left out). */
export function spendAxisTicks(amounts: readonly (number | null | undefined)[]): number[] {
  const values = amounts.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const step = Math.max(STANDARD_STEP, niceStep((max - min) / TARGET_INTERVALS));
  const top = Math.max(STANDARD_TOP, Math.ceil(max / step) * step);
  const bottom = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let tick = bottom; tick <= top; tick += step) ticks.push(tick === 0 ? 0 : tick);
  return ticks;
}

/** Up to two decimals, without trailing zeros: 1.5, 1.25, 2. */
const trimmed = (value: number) => String(Number(value.toFixed(2)));

/** A mark of the value axis: "0", "50K", "1.5M". */
export function formatAxisAmount(value: number): string {
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${trimmed(value / 1_000_000)}M`;
  if (size >= 1_000) return `${trimmed(value / 1_000)}K`;
  return trimmed(value);
}
