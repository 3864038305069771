/**
 * The months a statement can be asked for on /balance: the current month of the account's
 * calendar and the ones before it, newest first, as 'YYYY-MM' (docs/product/payments.md, Statements).
 */
export function recentMonths(today: string, count: number): string[] {
  let [year, month] = today.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let index = 0; index < count; index += 1) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}
