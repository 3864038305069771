import * as flags from 'country-flag-icons/react/3x2';

type FlagComponent = (typeof flags)['US'];

/**
 * A country's flag, shipped with the app (docs/product/accounts.md, Countries, currencies and flags: never loaded from a public service).
 * It only decorates the country's name, so it is hidden from screen readers.
 */
export function FlagIcon({ code }: { code: string }) {
  const Flag = (flags as Record<string, FlagComponent | undefined>)[code.toUpperCase()];
  if (!Flag) return null;
  return <Flag aria-hidden focusable="false" style={{ width: 20, height: 14, flexShrink: 0, borderRadius: 2 }} />;
}
