/**
 * The names of countries and currencies, from the platform (Intl.DisplayNames, in English), so
 * there is no hand-typed list to keep up to date (docs/product/accounts.md): the pages and the
 * server's documents (an invoice's PDF) name a country alike. A code the platform cannot name
 * shows as itself, upper case.
 */
const namers = new Map<'region' | 'currency', Intl.DisplayNames>();

export function displayName(type: 'region' | 'currency', code: string): string {
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

/** A country's name from its code, for summaries ("us" reads "United States"). */
export const countryName = (code: string): string => displayName('region', code);
