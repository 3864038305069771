import currencyCodes from 'currency-codes';
import countries from 'i18n-iso-countries';

/**
 * ISO 3166-1 alpha-2 country codes, lower case (docs/product/accounts.md, Countries, currencies and flags), from the maintained
 * i18n-iso-countries data rather than a hand-typed list. Names come from the platform
 * (Intl.DisplayNames) where they are shown.
 */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes())
  .map((code) => code.toLowerCase())
  .sort();

// ISO 4217 also lists funds, precious metals and technical codes that no invoice is paid in.
const NOT_PAYABLE = new Set([
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

/** ISO 4217 currency codes a customer can be billed in, lower case when stored and sent. */
export const CURRENCY_CODES: readonly string[] = currencyCodes
  .codes()
  .filter((code) => !NOT_PAYABLE.has(code))
  .map((code) => code.toLowerCase())
  .sort();

export const isCountryCode = (value: string) => COUNTRY_CODES.includes(value);
export const isCurrencyCode = (value: string) => CURRENCY_CODES.includes(value);
