import { z } from 'zod';
import { textField } from '../common/common.schemas';
import { isCountryCode, isCurrencyCode } from '../reference/reference.data';

export const BILLING_MESSAGES = {
  businessNameRequired: 'Business name is required',
  businessNameTooShort: 'Business name must be at least 3 characters',
  businessNameTooLong: 'Business name must be less than 50 characters',
  taxIdRequired: 'Tax ID is required',
  taxIdTooLong: 'Tax ID must be at most 50 characters',
  currencyRequired: 'Currency is required',
  currencyUnknown: 'Please choose a currency from the list',
  countryRequired: 'Country is required',
  countryLettersOnly: 'Country name must contain only letters',
  countryUnknown: 'Please choose a country from the list',
  addressRequired: 'Address is required',
  addressTooShort: 'Address must be at least 5 characters',
  addressTooLong: 'Address must be less than 100 characters',
  cityRequired: 'City is required',
  cityLettersOnly: 'City name must contain only letters',
  stateRequired: 'State is required',
  stateLettersOnly: 'State name must contain only letters',
  placeTooLong: 'Must be less than 100 characters',
  postalCodeRequired: 'Postal code is required',
  postalCodeDigits: 'Postal code must be between 4 to 6 digits',
  typeInvalid: 'Account type must be individual or company',
} as const;

export const ACCOUNT_TYPES = ['individual', 'company'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Defaults of the billing form (docs/product/accounts.md, Billing details). */
export const BILLING_DEFAULTS = { type: 'company', currency: 'usd', country: 'us' } as const;

const required = (label: string, message: string, rules: z.ZodType<string, string>) =>
  textField(label, message, z.string().trim().min(1, { error: message, abort: true }).pipe(rules));

// Letters of any alphabet, spaces, and the hyphens and apostrophes of names like "Val-d'Oise".
const placeName = (lettersOnlyMessage: string) =>
  z
    .string()
    .regex(/^[\p{L}\s'.-]+$/u, { error: lettersOnlyMessage, abort: true })
    .max(100, { error: BILLING_MESSAGES.placeTooLong });

const countrySchema = required(
  'Country',
  BILLING_MESSAGES.countryRequired,
  z
    .string()
    .regex(/^\p{L}+$/u, { error: BILLING_MESSAGES.countryLettersOnly, abort: true })
    .transform((code) => code.toLowerCase())
    .refine(isCountryCode, { error: BILLING_MESSAGES.countryUnknown }),
);

const currencySchema = required(
  'Currency',
  BILLING_MESSAGES.currencyRequired,
  z
    .string()
    .transform((code) => code.toLowerCase())
    .refine(isCurrencyCode, { error: BILLING_MESSAGES.currencyUnknown }),
);

const commonBillingFields = {
  country: countrySchema,
  address: required(
    'Address',
    BILLING_MESSAGES.addressRequired,
    z.string().min(5, { error: BILLING_MESSAGES.addressTooShort }).max(100, { error: BILLING_MESSAGES.addressTooLong }),
  ),
  city: required('City', BILLING_MESSAGES.cityRequired, placeName(BILLING_MESSAGES.cityLettersOnly)),
  state: required('State', BILLING_MESSAGES.stateRequired, placeName(BILLING_MESSAGES.stateLettersOnly)),
  postal_code: required(
    'Postal code',
    BILLING_MESSAGES.postalCodeRequired,
    z.string().regex(/^\d{4,6}$/, { error: BILLING_MESSAGES.postalCodeDigits }),
  ),
};

/**
 * Billing details. Business name, tax ID and currency apply to companies only: for an
 * individual they are ignored and stored empty, and the currency falls back to the default.
 */
export const billingDetailsSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('company'),
      ...commonBillingFields,
      business_name: required(
        'Business name',
        BILLING_MESSAGES.businessNameRequired,
        z
          .string()
          .min(3, { error: BILLING_MESSAGES.businessNameTooShort })
          .max(50, { error: BILLING_MESSAGES.businessNameTooLong }),
      ),
      tax_id: required(
        'Tax ID',
        BILLING_MESSAGES.taxIdRequired,
        z.string().max(50, { error: BILLING_MESSAGES.taxIdTooLong }),
      ),
      currency: currencySchema,
    }),
    z.object({
      type: z.literal('individual'),
      ...commonBillingFields,
    }),
  ],
  { error: BILLING_MESSAGES.typeInvalid },
);
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
export type BillingDetailsValues = z.output<typeof billingDetailsSchema>;
