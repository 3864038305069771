import { describe, expect, it } from 'vitest';
import { paymentStatusLabel } from '../payments/payments.schemas';
import { costPerUnit, dueBreakdown, formatCents, formatUsd } from './money';

describe('money as the portal writes it', () => {
  it('writes dollars with the sign, thousands separators and two decimals', () => {
    expect(formatUsd(1753.5)).toBe('$1,753.50');
    expect(formatUsd(-12.5)).toBe('-$12.50');
    expect(formatUsd(1234567)).toBe('$1,234,567.00');
    expect(formatUsd(null)).toBe('');
    expect(formatCents(125_050)).toBe('$1,250.50');
  });

  it('divides cents spent by units and rounds to the cent, or says null with nothing to divide by', () => {
    expect(costPerUnit(12_000, 48)).toBe(2.5);
    expect(costPerUnit(10_000, 3)).toBe(33.33);
    expect(costPerUnit(20_000, 3)).toBe(66.67);
    expect(costPerUnit(115, 2)).toBe(0.58);
    expect(costPerUnit(0, 12)).toBe(0);
    expect(costPerUnit(12_000, 0)).toBeNull();
    expect(costPerUnit(0, 0)).toBeNull();
  });

  it('says how an amount due is made: days of a daily budget, or a lifetime budget', () => {
    expect(dueBreakdown({ covers_days: 7, daily_amount: 250.5, credit_used: 0 })).toBe('7 days × $250.50');
    expect(dueBreakdown({ covers_days: 1, daily_amount: 1250, credit_used: 0 })).toBe('1 day × $1,250.00');
    expect(dueBreakdown({ covers_days: null, daily_amount: null, credit_used: 0 })).toBe('Lifetime budget');
    expect(dueBreakdown({ covers_days: 3, daily_amount: 10, credit_used: 20 })).toBe('3 days × $10.00 − $20.00 credit');
  });
});

describe('payment statuses', () => {
  it('read as words a customer knows, not as the provider writes them', () => {
    expect(paymentStatusLabel('succeeded')).toBe('Paid');
    expect(paymentStatusLabel('processing')).toBe('Pending');
    expect(paymentStatusLabel('requires_payment_method')).toBe('Declined');
    expect(paymentStatusLabel('refunded')).toBe('Refunded');
    expect(paymentStatusLabel('canceled')).toBe('Cancelled');
    // Unknown states keep their words; names of the object's own properties are no states.
    expect(paymentStatusLabel('on_hold')).toBe('On hold');
    expect(paymentStatusLabel('constructor')).toBe('Constructor');
  });
});
