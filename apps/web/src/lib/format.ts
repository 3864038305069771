/**
 * How the portal writes dates and money (docs/product/campaigns.md, Campaign record): dates as
 * 'D MMM YYYY' ("2 Nov 2026", in UTC, the day the server recorded), amounts as US dollars with
 * two decimals ("$1,250.00").
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'D MMM YYYY' of an ISO timestamp; '' for none or one that does not parse. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** "$1,250.00"; '' for no amount. */
export function formatUsd(amount: number | null | undefined): string {
  return amount === null || amount === undefined || Number.isNaN(amount) ? '' : usd.format(amount);
}

/** A count with thousands separators ("12,500"); '' for none. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : value.toLocaleString('en-US');
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
