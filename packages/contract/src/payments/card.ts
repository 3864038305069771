/**
 * The sandbox's card checks (docs/product/payments.md, Payment provider): what its card form
 * checks before it saves or pays, with the messages customers read. Shared by the form and the
 * server, which checks again. The number and CVC are only ever checked, never kept.
 */

export const CARD_MESSAGES = {
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  declined: 'Your card was declined.',
} as const;

/** The sandbox's test number that every payment declines. */
export const DECLINED_TEST_CARD = '4000000000000002';

/**
 * The sandbox's test number whose bank asks the cardholder to confirm each payment made without
 * them: automatic payments of it need the cardholder (Stripe's test card of the same number does).
 */
export const AUTHENTICATION_TEST_CARD = '4000002760003184';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** The digits of a card number as typed; spaces and dashes are ignored. */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

/** The Luhn check of a string of digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand, from the number's first digits (the issuer ranges the card networks publish). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** What the sandbox keeps of a card: never its number or CVC. */
export interface CheckedCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * Whether a card's expiry month is over on `today` (UTC): a card that expires 11/26 works through
 * 30 Nov 2026 (docs/product/payments.md, Payment provider and Cards).
 */
export const cardExpired = (card: { expMonth: number; expYear: number }, today: Date): boolean =>
  card.expYear * 12 + card.expMonth < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;

/**
 * Checks a card as the sandbox's form does, on `today` (UTC): each field's message, or the
 * parts of the card the portal keeps.
 */
export function checkCard(
  input: { number: string; expiry: string; cvc: string },
  today: Date,
): { ok: true; card: CheckedCard } | { ok: false; errors: Partial<Record<'number' | 'expiry' | 'cvc', string>> } {
  const errors: Partial<Record<'number' | 'expiry' | 'cvc', string>> = {};
  const digits = cardDigits(input.number);
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) errors.number = CARD_MESSAGES.numberInvalid;

  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const expMonth = expiry ? Number(expiry[1]) : 0;
  const expYear = expiry ? 2000 + Number(expiry[2]) : 0;
  if (!expiry || expMonth < 1 || expMonth > 12) {
    errors.expiry = CARD_MESSAGES.expiryIncomplete;
  } else if (cardExpired({ expMonth, expYear }, today)) {
    errors.expiry = CARD_MESSAGES.expiryPast;
  }

  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) errors.cvc = CARD_MESSAGES.cvcIncomplete;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { brand, last4: digits.slice(-4), expMonth, expYear } };
}
