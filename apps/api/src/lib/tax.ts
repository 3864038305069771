import type { TaxMode } from '@portal/contract';

/**
 * The tax the seller charges (TAX_RATE, TAX_INCLUSIVE; docs/decisions/029-invoice-numbering-and-tax.md):
 * a percentage with at most three decimals, and whether the prices already contain it.
 */
export interface TaxSetting {
  /** 20 for 20%, 8.25 for 8.25%; 0 charges none. */
  ratePercent: number;
  /** `inclusive`: a payment's amount contains the tax; `exclusive`: the tax is asked on top of the budget. */
  mode: TaxMode;
}

/** A rate in thousandths of a percent (8.25% is 8250), so the arithmetic below stays in whole numbers. */
const scaled = (ratePercent: number): bigint => BigInt(Math.round(ratePercent * 1000));
const HUNDRED_PERCENT = 100_000n;

/** numerator / denominator rounded to the nearest whole number, halves away from zero; both ≥ 0. */
const roundedQuotient = (numerator: bigint, denominator: bigint): bigint =>
  (2n * numerator + denominator) / (2n * denominator);

/** Works on the size of an amount and gives the sign back, so a credit note's split mirrors its invoice's. */
function signed(cents: number, work: (size: bigint) => bigint): number {
  const size = work(BigInt(Math.abs(cents)));
  return cents < 0 ? -Number(size) : Number(size);
}

/**
 * The tax contained in an amount, and the rest of it: tax = total × rate / (100 + rate),
 * rounded to the cent, and net = total − tax, so net + tax is always the total. Every invoice
 * and credit note splits what was paid (or refunded) this way, in both modes: with exclusive
 * tax the payment asked `withTaxAdded(net)`, and splitting that gives back exactly that net and
 * its tax (the tests check it for every amount up to $200 at several rates).
 */
export function splitTax(totalCents: number, ratePercent: number): { netCents: number; taxCents: number } {
  const rate = scaled(ratePercent);
  const taxCents = signed(totalCents, (total) => roundedQuotient(total * rate, HUNDRED_PERCENT + rate));
  return { netCents: totalCents - taxCents, taxCents };
}

/** What a payment asks with exclusive tax: the net amount and the tax on it, rounded to the cent. */
export const withTaxAdded = (netCents: number, ratePercent: number): number =>
  netCents + signed(netCents, (net) => roundedQuotient(net * scaled(ratePercent), HUNDRED_PERCENT));

/**
 * What a payment of a budget amount asks under the tax setting: the budget itself when prices
 * include the tax, the budget and the tax on it when they do not.
 */
export const chargedFor = (budgetCents: number, tax: TaxSetting): number =>
  tax.mode === 'exclusive' ? withTaxAdded(budgetCents, tax.ratePercent) : budgetCents;
