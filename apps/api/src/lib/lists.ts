import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { paginationOf, type ListQuery, type Paginated } from '@portal/contract';

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
