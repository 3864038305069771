import { z } from 'zod';

/**
 * An advertiser account's time zone, an IANA name (docs/product/campaigns.md, Flight dates). Kept
 * apart from the flight rules, and free of date libraries, since the account switcher's schemas
 * (on every page, the login page's included) carry it.
 */
export const TIME_ZONE_MESSAGES = {
  invalid: 'Choose a time zone from the list',
  saved: 'Time zone saved',
} as const;

/** An IANA time zone name this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGES.invalid })
  .refine(isTimeZone, { error: TIME_ZONE_MESSAGES.invalid });
