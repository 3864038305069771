import { describe, expect, it } from 'vitest';
import { chargedFor, splitTax, withTaxAdded } from './tax';

describe('tax arithmetic (docs/decisions/029-invoice-numbering-and-tax.md)', () => {
  it('inclusive: the amount paid contains the tax, rounded to the cent, and net + tax is the amount', () => {
    // $120.00 at 20%: $100.00 and $20.00 of tax.
    expect(splitTax(12_000, 20)).toEqual({ netCents: 10_000, taxCents: 2_000 });
    // $175.00 at 20%: 175 / 1.2 = 145.8333…, so the tax is $29.17 and the net what is left.
    expect(splitTax(17_500, 20)).toEqual({ netCents: 14_583, taxCents: 2_917 });
    // $10.00 at 8.25%: 10 − 10 / 1.0825 = 0.7621…
    expect(splitTax(1_000, 8.25)).toEqual({ netCents: 924, taxCents: 76 });
    // A rate of three decimals, and a half cent rounded away from zero: 1 × 0.5 / 100.5 ≈ 0.005.
    expect(splitTax(201, 0.5)).toEqual({ netCents: 200, taxCents: 1 });
    expect(splitTax(17_500, 0)).toEqual({ netCents: 17_500, taxCents: 0 });
    expect(splitTax(0, 20)).toEqual({ netCents: 0, taxCents: 0 });
  });

  it('splits a credit note as its invoice, signs reversed', () => {
    expect(splitTax(-17_500, 20)).toEqual({ netCents: -14_583, taxCents: -2_917 });
  });

  it('exclusive: the payment asks the budget and the tax on it', () => {
    expect(withTaxAdded(10_000, 20)).toBe(12_000);
    // $73.50 at 8.25%: $6.06375 of tax, $6.06.
    expect(withTaxAdded(7_350, 8.25)).toBe(7_956);
    expect(chargedFor(7_350, { ratePercent: 8.25, mode: 'exclusive' })).toBe(7_956);
    // With prices that contain the tax, the budget is what is charged.
    expect(chargedFor(7_350, { ratePercent: 8.25, mode: 'inclusive' })).toBe(7_350);
  });

  it('splitting what an exclusive payment asked gives back its net and its tax, for every amount', () => {
    for (const rate of [0.5, 5, 7.25, 8.25, 8.875, 19, 20, 21, 25, 100]) {
      for (let net = 0; net <= 20_000; net += 1) {
        const total = withTaxAdded(net, rate);
        const split = splitTax(total, rate);
        if (split.netCents !== net || split.taxCents !== total - net) {
          expect({ rate, net, split }).toEqual({ rate, net, split: { netCents: net, taxCents: total - net } });
        }
      }
    }
  });

  it('stays exact on large amounts', () => {
    // $90 million at 8.875%: more than 2^53 once multiplied by the rate's thousandths.
    const total = 9_000_000_000;
    const { netCents, taxCents } = splitTax(total, 8.875);
    expect(netCents + taxCents).toBe(total);
    expect(taxCents).toBe(Math.round((total * 8.875) / 108.875));
  });
});
