import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { paginationOf, type ListQuery, type Paginated } from '@portal/contract';

/**
 * What repositories use to answer a list query (`page`, `per_page`, `search`; the shapes are
 * in the contract's list.schemas.ts), so every list pages, searches and counts the same way.
 */

/** `%`, `_` and the escape character itself match literally, so a search for "50%" means 50%. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Rows where any of `columns` contains `search`, ignoring case; undefined (no filter) for an
 * empty search. PostgreSQL's default LIKE escape character is the backslash.
 */
export function containsText(search: string, columns: AnyColumn[]): SQL | undefined {
  if (search === '') return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

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
export const pageWindow = (query: Pick<ListQuery, 'page' | 'per_page'>) => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});

/**
 * One page and the total, the one count strategy of every list: the rows of the page and a
 * `count(*)` with the same filter, run together. (A window `count(*) over ()` would save the
 * second query but says nothing when the page is past the end.)
 */
export async function fetchPage<Row>(
  query: Pick<ListQuery, 'page' | 'per_page'>,
  load: { rows(window: { limit: number; offset: number }): Promise<Row[]>; count(): Promise<number> },
): Promise<Paginated<Row>> {
  const [data, total] = await Promise.all([load.rows(pageWindow(query)), load.count()]);
  return { data, pagination: paginationOf(total, query) };
}
