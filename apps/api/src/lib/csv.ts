import { pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
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

/** Rows written between two turns of the event loop. */
const ROWS_PER_TURN = 500;

/**
 * The rows, with a turn of the event loop after every ROWS_PER_TURN. The embedded database answers
 * without one, and the socket takes megabytes before it pushes back: without it an export would
 * hold the process until then, other requests waiting, and would not see its client leave.
 */
async function* takingTurns<Row>(rows: AsyncIterable<Row>): AsyncGenerator<Row> {
  let count = 0;
  for await (const row of rows) {
    yield row;
    count += 1;
    if (count % ROWS_PER_TURN === 0) await nextTurn();
  }
}

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
  return pipeline(
    Readable.from(takingTurns(rows)),
    stringify({ header: true, columns, cast: { string: cell } }),
    () => {},
  );
}
