import { COUNTRY_CODES, CURRENCY_CODES, displayName } from '@portal/contract';

export interface Option {
  value: string;
  label: string;
}

/** The lists hold lower-case ISO codes (docs/product/accounts.md); their names come from the contract's `displayName`. */
let countries: Option[] | undefined;
let currencies: Option[] | undefined;

/** Countries by name, valued by their lower-case code. */
export function countryOptions(): Option[] {
  countries ??= COUNTRY_CODES.map((code) => ({ value: code, label: displayName('region', code) })).sort((a, b) =>
    a.label.localeCompare(b.label, 'en'),
  );
  return countries;
}

/** Currencies by code, shown upper case with their name ("USD – US Dollar"), valued lower case. */
export function currencyOptions(): Option[] {
  currencies ??= CURRENCY_CODES.map((code) => ({
    value: code,
    label: `${code.toUpperCase()} – ${displayName('currency', code)}`,
  }));
  return currencies;
}
