import { formatDate, formatDateTime, formatUsd, groupThousands } from '@portal/contract';

/**
 * How the portal writes dates and money (docs/product/campaigns.md, Campaign record): dates as
 * 'D MMM YYYY' ("2 Nov 2026", in UTC, the day the server recorded), amounts as US dollars with
 * two decimals ("$1,250.00").
 */

/** What a list or a card shows where a value is missing: an empty cell reads as a broken page. */
export const NO_VALUE = '—';

/**
 * Dates and amounts are written by the contract's `formatDate`, `formatDateTime` ('D MMM YYYY,
 * HH:mm UTC', for histories) and `formatUsd`, so the pages, the e-mails and the breakdowns of
 * amounts due ("7 days × $250.50") agree to the character.
 */
export { formatDate, formatDateTime, formatUsd };

/** A count with thousands separators ("12,500"), and up to three decimals ("1.5"); '' for none. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  return `${value < 0 && rounded !== 0 ? '-' : ''}${groupThousands(String(rounded))}`;
}

/**
 * A weekly change in percent with its sign and one decimal ("+12.5%", "-50.0%"); 0 and above
 * read as a rise (docs/product/insights.md, Formats).
 */
export function formatChange(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded >= 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}%`;
}

/** Duration in hours ("24 h"); '' for none. */
export function formatHours(hours: number | null | undefined): string {
  return hours === null || hours === undefined ? '' : `${formatCount(hours)} h`;
}

/** "Figures as of 18 Nov 2026": how customers' views date a campaign's current figures. */
export const figuresAsOf = (entryDate: string): string => `Figures as of ${formatDate(entryDate)}`;
