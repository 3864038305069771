/**
 * How the portal writes dates and money (docs/product/campaigns.md, Campaign record): dates as
 * 'D MMM YYYY' ("2 Nov 2026", in UTC, the day the server recorded), amounts as US dollars with
 * two decimals ("$1,250.00").
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What a list or a card shows where a value is missing: an empty cell reads as a broken page. */
export const NO_VALUE = '—';

/** 'D MMM YYYY' of an ISO timestamp; '' for none or one that does not parse. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * A non-negative number's digits with a comma between thousands, the en-US way: "1234567.5"
 * becomes "1,234,567.5". Written out rather than left to Intl.NumberFormat: a page's first use
 * of Intl loads the locale data, some 15 to 45 ms of main thread on a desktop and four times
 * that on a phone, and these two formats are all the portal needs of it
 * (docs/decisions/020-dashboard-rendering.md).
 */
function withThousands(digits: string): string {
  const [whole, fraction] = digits.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** "$1,250.00", "-$12.50"; '' for no amount. */
export function formatUsd(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return `${amount < 0 ? '-' : ''}$${withThousands(Math.abs(amount).toFixed(2))}`;
}

/** A count with thousands separators ("12,500"), and up to three decimals ("1.5"); '' for none. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  return `${value < 0 && rounded !== 0 ? '-' : ''}${withThousands(String(rounded))}`;
}

/** 'D MMM YYYY, HH:mm' (UTC) of an ISO timestamp, for histories; '' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  const day = formatDate(iso);
  if (!day) return '';
  const date = new Date(iso!);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
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
