import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * The CSV files the portal writes (the analytics exports, the monthly statements, the
 * administrators' payments): rows written as the client reads them, and no cell a spreadsheet
 * would run as a formula.
 */

/**
 * A value a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe, so that it shows as text (OWASP's CSV injection advice).
 */
export const neutralizeFormula = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * Rows as a CSV stream with a header row: they are pulled only as fast as the client reads, so a
 * file of any size holds one batch at a time.
 */
export function writeCsv(
  rows: AsyncIterable<Record<string, string>>,
  columns: string[],
  numeric: ReadonlySet<string> = new Set(),
): Readable {
  // The server writes the `numeric` columns from numbers: a correction's "-12.50" is a negative
  // number to a spreadsheet, not a formula, and stays one.
  const cell = (value: string, context: { column?: string | number }) =>
    typeof context.column === 'string' && numeric.has(context.column) ? value : neutralizeFormula(value);
  // pipeline, not pipe: a failed read destroys the file stream too, so the answer ends (cut
  // short) instead of waiting for rows that will never come.
  return pipeline(Readable.from(rows), stringify({ header: true, columns, cast: { string: cell } }), () => {});
}
