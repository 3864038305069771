import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardBrand, cardExpired, checkCard, passesLuhn } from './card';

const TODAY = new Date('2026-11-24T12:00:00Z');

describe('the sandbox card checks', () => {
  it('runs the Luhn check', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
  });

  it('tells the brand from the first digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('keeps the brand, last four digits and expiry of a good card, spaces ignored', () => {
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '04/28', cvc: '123' }, TODAY)).toEqual({
      ok: true,
      card: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2028 },
    });
    // This month is not over yet.
    expect(checkCard({ number: '4242424242424242', expiry: '11/26', cvc: '123' }, TODAY).ok).toBe(true);
  });

  it("gives each field's message", () => {
    expect(checkCard({ number: '4242 4242 4242 4241', expiry: '4/28', cvc: '12' }, TODAY)).toEqual({
      ok: false,
      errors: {
        number: CARD_MESSAGES.numberInvalid,
        expiry: CARD_MESSAGES.expiryIncomplete,
        cvc: CARD_MESSAGES.cvcIncomplete,
      },
    });
    expect(checkCard({ number: '424242424242', expiry: '13/28', cvc: '123' }, TODAY)).toMatchObject({
      errors: { number: CARD_MESSAGES.numberInvalid, expiry: CARD_MESSAGES.expiryIncomplete },
    });
    expect(checkCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, TODAY)).toMatchObject({
      errors: { expiry: CARD_MESSAGES.expiryPast },
    });
  });

  it('wants 4 CVC digits for American Express and 3 for the others', () => {
    expect(checkCard({ number: '378282246310005', expiry: '04/28', cvc: '123' }, TODAY)).toMatchObject({
      errors: { cvc: CARD_MESSAGES.cvcIncomplete },
    });
    expect(checkCard({ number: '378282246310005', expiry: '04/28', cvc: '1234' }, TODAY).ok).toBe(true);
    expect(checkCard({ number: '4242424242424242', expiry: '04/28', cvc: '1234' }, TODAY)).toMatchObject({
      errors: { cvc: CARD_MESSAGES.cvcIncomplete },
    });
  });

  it('counts a card as expired once its expiry month is over, in UTC', () => {
    const card = { expMonth: 11, expYear: 2026 };
    expect(cardExpired(card, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(cardExpired(card, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(cardExpired({ expMonth: 12, expYear: 2026 }, new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect(cardExpired({ expMonth: 1, expYear: 2027 }, new Date('2026-12-31T12:00:00Z'))).toBe(false);
  });
});
