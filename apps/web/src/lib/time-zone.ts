import { isTimeZone } from '@portal/contract';

/** The browser's time zone, the default of a new advertiser account's (docs/product/campaigns.md, Flight dates). */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : 'UTC';
}
