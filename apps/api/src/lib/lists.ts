import { createHash } from 'node:crypto';
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LIST_LIMITS, LIST_MESSAGES, paginationOf, type ListQuery, type Paginated } from '@portal/contract';
import { fieldError } from './http-errors';

/**
 * What repositories use to answer a list query (`page`, `per_page`, `search`; the shapes are
 * in the contract's list.schemas.ts), so every list pages, searches and counts the same way.
 */

/** `%`, `_` and the escape character itself match literally, so a search for "50%" means 50%. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The ILIKE pattern of "contains `search`", for a prepared statement's placeholder.
 * PostgreSQL's default LIKE escape character is the backslash.
 */
export const containsPattern = (search: string): string => `%${escapeLike(search)}%`;

/**
 * A stable order: the sort column, then the primary key to break ties, so that a row never
 * shows on two pages and the same order can later serve keyset pagination (`WHERE (column, id) <
 * (last seen)`).
 */
export function stableOrder(column: AnyColumn, id: AnyColumn, direction: 'asc' | 'desc' = 'desc'): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  return [by(column), by(id)];
}

/** LIMIT and OFFSET of the requested page. */
const pageWindow = (query: Pick<ListQuery, 'page' | 'per_page'>) => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});

/** A row of a page, with the filter's total beside it. */
export type WithTotal<Row> = Row & { total: number };

/**
 * One page and the total, the one count strategy of every list, in one round trip: each row of
 * the page carries the filter's total, which an uncorrelated subquery (`(SELECT count(*) ...)`
 * in the select list) computes once per query, not once per row. A page past the end has no row
 * to carry it, so only then is the count asked on its own; an empty first page means none.
 */
export async function fetchPage<Row>(
  query: Pick<ListQuery, 'page' | 'per_page'>,
  load: { rows(window: { limit: number; offset: number }): Promise<WithTotal<Row>[]>; count(): Promise<number> },
): Promise<Paginated<Row>> {
  const rows = await load.rows(pageWindow(query));
  const total = rows[0]?.total ?? (query.page === 1 ? 0 : await load.count());
  const data = rows.map(({ total: _total, ...row }) => row as unknown as Row);
  return { data, pagination: paginationOf(total, query) };
}

/**
 * Keyset pages (decision 038): a list ordered newest first by (created, id) answers a page
 * after or before a row it gave, from the index, however deep the page; and counts at most
 * `LIST_LIMITS.maxCounted` rows (`maxCountedSearch` for a search), so that neither cost grows with the data.
 */
export interface Keyset {
  direction: 'after' | 'before';
  /** The row's creation time in microseconds since 1970, exact (a Date keeps milliseconds only). */
  micros: string;
  id: number;
}

/** Which list a cursor belongs to (its owner, tab, search): a cursor of another answers 422. */
const scopeTag = (scope: string) => createHash('sha256').update(scope).digest('base64url').slice(0, 12);

const cursorOf = (scope: string, direction: Keyset['direction'], row: Positioned) =>
  Buffer.from(`${direction}.${row.position}.${row.id}.${scopeTag(scope)}`).toString('base64url');

const CURSOR = /^(after|before)\.(\d{1,16})\.(\d{1,10})\.([\w-]{12})$/;

/** The keyset of `cursor` in the list `scope`, or a 422 (as any query that does not validate) if it is not one that list gave. */
function keysetOf(cursor: string | undefined, scope: string): Keyset | undefined {
  if (cursor === undefined) return undefined;
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match || match[4] !== scopeTag(scope) || Number(match[3]) > 2 ** 31 - 1)
    throw fieldError(422, 'cursor', LIST_MESSAGES.cursor);
  return { direction: match[1] as Keyset['direction'], micros: match[2]!, id: Number(match[3]) };
}

/** A row's place in the order, for its cursor. */
export const positionOf = (createdAt: AnyColumn) =>
  sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;

/**
 * The condition of the rows past a cursor and their order (newest first after it, oldest first
 * before it, so LIMIT takes the nearest): a row value comparison the (…, created, id) indexes
 * serve. `at` is the cursor's row (values, or placeholders of a prepared statement).
 */
export function keysetWhere(
  direction: Keyset['direction'] | undefined,
  columns: { createdAt: AnyColumn; id: AnyColumn },
  at: { micros: unknown; id: unknown },
) {
  const { createdAt, id } = columns;
  if (direction === undefined) return { where: undefined, order: stableOrder(createdAt, id) };
  const row = sql`(timestamptz 'epoch' + ${at.micros}::bigint::float8 * interval '1 microsecond', ${at.id}::int)`;
  return direction === 'after'
    ? { where: sql`(${createdAt}, ${id}) < ${row}`, order: stableOrder(createdAt, id) }
    : { where: sql`(${createdAt}, ${id}) > ${row}`, order: stableOrder(createdAt, id, 'asc') };
}

/**
 * Every row of a list newest first, `batchSize` a round trip, for a file that never holds them
 * all: `read` selects the rows past `keyset` in its order, with `positionOf` the order's column
 * as `position`, and each batch starts after the last row of the one before at that exact
 * (microsecond) position, so rows made in the same millisecond are neither skipped nor repeated.
 */
export async function* keysetBatches<Row>(
  columns: { createdAt: AnyColumn; id: AnyColumn },
  batchSize: number,
  read: (keyset: ReturnType<typeof keysetWhere>) => Promise<(Row & { position: string })[]>,
  idOf: (row: Row) => number,
): AsyncGenerator<Row[]> {
  let at: { micros: string; id: number } | undefined;
  for (;;) {
    const rows = await read(keysetWhere(at && 'after', columns, at ?? { micros: undefined, id: undefined }));
    if (rows.length > 0) yield rows.map(({ position: _position, ...row }) => row as unknown as Row);
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    at = { micros: last.position, id: idOf(last) };
  }
}

/** `SELECT count(*)` of `rows`, a `SELECT 1 … LIMIT countLimit(…)`. */
export const cappedCount = (rows: SQL | { getSQL(): SQL }) =>
  sql<number>`(select count(*) from (${rows}) as counted)`.mapWith(Number);

/** The most rows a list counts: fewer for a search, whose matches grow with the data (decision 042). */
const countCap = (searching: boolean) => (searching ? LIST_LIMITS.maxCountedSearch : LIST_LIMITS.maxCounted);

/** How many rows a list's count reads: one past its cap, to know whether more follow. */
export const countLimit = (searching: boolean) => countCap(searching) + 1;

type Positioned = { position: string; id: number };

/**
 * One page of a keyset list: the rows of `load.rows`, which asks one more than a page (newest
 * first whatever the direction) so as to know whether another follows, each with the capped
 * total beside it; with the cursors of the pages beside it.
 */
export async function fetchKeysetPage<Row>(
  query: ListQuery,
  scope: string,
  load: {
    rows(window: { limit: number; offset: number; keyset?: Keyset }): Promise<WithTotal<Row & { position: string }>[]>;
    count(): Promise<number>;
    idOf(row: Row): number;
  },
): Promise<Paginated<Row>> {
  const keyset = keysetOf(query.cursor, scope);
  const window = { limit: query.per_page + 1, offset: keyset ? 0 : (query.page - 1) * query.per_page, keyset };
  const fetched = await load.rows(window);
  const extra = fetched.length > query.per_page;
  // Before a cursor the extra row is the newest, at the top; otherwise the oldest, at the bottom.
  const rows = extra ? (keyset?.direction === 'before' ? fetched.slice(1) : fetched.slice(0, -1)) : fetched;
  const hasNext = keyset?.direction === 'before' || extra;
  const counted = fetched[0]?.total ?? (query.page === 1 && !keyset ? 0 : await load.count());
  const cap = countCap(query.search !== '');
  const exact = counted <= cap;
  const total = Math.min(counted, cap);
  const pagination = paginationOf(total, query);
  if (!exact) pagination.last_page = Math.max(pagination.last_page, query.page + (hasNext ? 1 : 0));
  const first = rows[0];
  const last = rows.at(-1);
  const at = (row: Row & { position: string }) => ({ position: row.position, id: load.idOf(row) });
  return {
    data: rows.map(({ total: _total, position: _position, ...row }) => row as unknown as Row),
    pagination: {
      ...pagination,
      // Said only when false: an answer counted exactly stays as it was before cursors.
      ...(exact ? {} : { total_exact: false }),
      ...(hasNext && last ? { next_cursor: cursorOf(scope, 'after', at(last)) } : {}),
      // Only on a page reached by a cursor: one reached by its number is within the counted rows,
      // where the page before costs little by number too.
      ...(keyset && query.page > 1 && first ? { prev_cursor: cursorOf(scope, 'before', at(first)) } : {}),
    },
  };
}
