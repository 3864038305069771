import { CARD_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import {
  cardExpiry,
  cardFormErrors,
  cardName,
  cardServerErrors,
  formatCardNumberInput,
  formatExpiryInput,
  maskedNumber,
} from './card-form';

const TODAY = new Date('2026-11-24T12:00:00Z');

describe('the card form', () => {
  it('checks the three fields as the sandbox does, under their API names', () => {
    expect(cardFormErrors({ card_number: '4242 4242 4242 4242', expiry: '04/28', cvc: '123' }, TODAY)).toBeNull();
    expect(cardFormErrors({ card_number: '4242 4242 4242 4241', expiry: '10/26', cvc: '1' }, TODAY)).toEqual({
      card_number: CARD_MESSAGES.numberInvalid,
      expiry: CARD_MESSAGES.expiryPast,
      cvc: CARD_MESSAGES.cvcIncomplete,
    });
  });

  it('puts the card fields of a 422 under them and keeps the others apart', () => {
    const declined = new ApiError({
      status: 422,
      message: CARD_MESSAGES.declined,
      errors: { card_number: [CARD_MESSAGES.declined], payment_method_id: ['This payment method was not found'] },
    });
    expect(cardServerErrors(declined)).toEqual({
      fields: { card_number: CARD_MESSAGES.declined },
      other: ['This payment method was not found'],
    });
    expect(cardServerErrors(new ApiError({ status: 409, message: 'Closed' }))).toBeNull();
  });

  it('puts the slash into an expiry typed as digits only', () => {
    expect(formatExpiryInput('0428')).toBe('04/28');
    expect(formatExpiryInput('042')).toBe('04/2');
    expect(formatExpiryInput('04')).toBe('04');
    expect(formatExpiryInput('4/28')).toBe('4/28');
  });

  it('groups the card number in fours as it is typed', () => {
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('42424')).toBe('4242 4');
    expect(formatCardNumberInput('4242 ')).toBe('4242');
    expect(formatCardNumberInput('42 4242 42')).toBe('4242 4242');
    expect(formatCardNumberInput('4000000000000000002')).toBe('4000 0000 0000 0000 002');
    expect(formatCardNumberInput('')).toBe('');
    expect(formatCardNumberInput('4242-4242')).toBe('4242-4242');
  });

  it('writes cards as the pages show them', () => {
    expect(maskedNumber('4242')).toBe('•••• 4242');
    expect(cardExpiry({ exp_month: 4, exp_year: 2028 })).toBe('04/28');
    expect(cardExpiry({ exp_month: 12, exp_year: 2030 })).toBe('12/30');
    expect(cardName({ brand: 'amex', last4: '0005' })).toBe('American Express •••• 0005');
  });
});
