import { COUNTRY_CODES, CURRENCY_CODES } from '@portal/contract';

export interface Option {
  value: string;
  label: string;
}

/**
 * The lists hold lower-case ISO codes (docs/product/accounts.md); names come from the platform, so there
 * is no hand-typed list to keep up to date. A code the platform cannot name shows as itself.
 */
const namers = new Map<'region' | 'currency', Intl.DisplayNames>();

function displayName(type: 'region' | 'currency', code: string): string {
  try {
    let namer = namers.get(type);
    if (!namer) {
      namer = new Intl.DisplayNames(['en'], { type });
      namers.set(type, namer);
    }
    return namer.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

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

/** A country's name from its code, for summaries ("us" reads "United States"). */
export const countryName = (code: string): string => displayName('region', code);
