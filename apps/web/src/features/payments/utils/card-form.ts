import { cardLabel, checkCard, type Card } from '@portal/contract';
import { serverFieldErrors } from '@/lib/form-errors';

/** The sandbox's card form: its three fields as typed, by the names the API gives them. */
export interface CardFormValues {
  card_number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardFormValues;
export type CardFormErrors = Partial<Record<CardField, string>>;

export const EMPTY_CARD_FORM: CardFormValues = { card_number: '', expiry: '', cvc: '' };

const CARD_FIELDS: readonly CardField[] = ['card_number', 'expiry', 'cvc'];

/**
 * The checks the sandbox makes (the contract's, shared with the server) on `today`: each
 * field's message, or null when the card may be sent.
 */
export function cardFormErrors(values: CardFormValues, today: Date): CardFormErrors | null {
  const checked = checkCard({ number: values.card_number, expiry: values.expiry, cvc: values.cvc }, today);
  if (checked.ok) return null;
  const { number, expiry, cvc } = checked.errors;
  return { card_number: number, expiry, cvc };
}

/**
 * A 422's messages split between the card fields (shown under them) and the rest (the saved
 * card's, the setup's), which the form shows above its button. Null when the failure is not a
 * 422 with field errors.
 */
export function cardServerErrors(error: unknown): { fields: CardFormErrors; other: string[] } | null {
  const errors = serverFieldErrors(error);
  if (!errors) return null;
  const fields: CardFormErrors = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    if ((CARD_FIELDS as readonly string[]).includes(name)) fields[name as CardField] = message;
    else other.push(message);
  }
  return { fields, other };
}

/**
 * The expiry as typed, with the slash put in when only digits were typed: "0428" reads
 * "04/28". Anything else is left as it is, for the check to judge.
 */
export function formatExpiryInput(value: string): string {
  return /^\d{3,4}$/.test(value) ? `${value.slice(0, 2)}/${value.slice(2)}` : value;
}

/**
 * The card number as typed, in groups of four digits as printed on a card: "42424242" reads
 * "4242 4242". Anything but digits and spaces is left as it is, for the check to judge.
 */
export function formatCardNumberInput(value: string): string {
  if (!/^[\d ]*$/.test(value)) return value;
  return (value.replace(/ /g, '').match(/\d{1,4}/g) ?? []).join(' ');
}

/** "•••• 4242". */
export const maskedNumber = (last4: string): string => `•••• ${last4}`;

/** MM/YY of a card's expiry: "04/28". */
export const cardExpiry = (card: Pick<Card, 'exp_month' | 'exp_year'>): string =>
  `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;

/** "Visa •••• 4242": how a saved card is named where it is chosen. */
export const cardName = (card: Pick<Card, 'brand' | 'last4'>): string => cardLabel(card.brand, card.last4);
