import { describe, expect, it } from 'vitest';
import { DAY_RANGE_MESSAGES } from '../common/day-range';
import {
  adminPaymentsQuerySchema,
  refundAmountError,
  REFUND_MESSAGES,
  refundRequestSchema,
} from './admin-payments.schemas';

describe('refunds', () => {
  it('take an amount more than 0 and at most what is left, counted in cents', () => {
    expect(refundAmountError(20.5, 99.5)).toBeUndefined();
    expect(refundAmountError(99.5, 99.5)).toBeUndefined();
    // 0.1 + 0.2 is 0.30000000000000004 in dollars, and exactly what is left in cents.
    expect(refundAmountError(0.1 + 0.2, 0.3)).toBeUndefined();
    expect(refundAmountError(99.51, 99.5)).toBe('The amount cannot be more than the $99.50 left to refund');
    expect(refundAmountError(1, 0)).toBe(REFUND_MESSAGES.nothingLeft);
  });

  it('read the amount from JSON or a form, and want a reason', () => {
    expect(refundRequestSchema.parse({ amount: '12.50', reason: '  Duplicate  ' })).toEqual({
      amount: 12.5,
      reason: 'Duplicate',
    });
    const refused = refundRequestSchema.safeParse({ amount: '1.005', reason: '' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['amount', REFUND_MESSAGES.amountDecimals],
      ['reason', REFUND_MESSAGES.reasonRequired],
    ]);
  });
});

describe("the administrators' payments query", () => {
  it('takes either day alone, and refuses from after to under from', () => {
    expect(adminPaymentsQuerySchema.parse({ to: '2026-11-30' })).toMatchObject({
      page: 1,
      search: '',
      to: '2026-11-30',
    });
    const reversed = adminPaymentsQuerySchema.safeParse({ from: '2026-12-01', to: '2026-11-30' });
    expect(reversed.error?.issues).toMatchObject([{ path: ['from'], message: DAY_RANGE_MESSAGES.order }]);
  });
});
