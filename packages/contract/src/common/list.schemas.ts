import { z } from 'zod';
import { textField } from './common.schemas';

/**
 * Lists: the query every paginated list takes (`page`, `per_page`, `search`) and the answer it
 * gives (`{ data, pagination }`). One definition serves the API's validation, its OpenAPI
 * document and the web's URL parameters, so a list added later behaves like the others.
 */
export const LIST_LIMITS = {
  defaultPerPage: 10,
  maxPerPage: 100,
  maxSearchLength: 100,
  /** The most rows a keyset list counts: past it the count would grow with the data (decision 038). */
  maxCounted: 1000,
  /**
   * The most a search of such a list counts: its matches grow with the data however good the
   * index, and a search is read from its first pages (decision 042).
   */
  maxCountedSearch: 100,
} as const;

export const LIST_MESSAGES = {
  page: 'The page must be a whole number from 1',
  perPage: `The page size must be a whole number from 1 to ${LIST_LIMITS.maxPerPage}`,
  searchTooLong: `The search can be at most ${LIST_LIMITS.maxSearchLength} characters`,
  cursor: 'The cursor is not one this list gave: ask for the page by its number',
} as const;

/** A whole number from a query string ("2") or JSON (2); anything else gets `message`. */
const wholeNumber = (message: string, max = Number.MAX_SAFE_INTEGER) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/, { error: message })], { error: message })
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(1, { error: message }).max(max, { error: message }));

export const listQuerySchema = z.object({
  page: wholeNumber(LIST_MESSAGES.page).default(1),
  per_page: wholeNumber(LIST_MESSAGES.perPage, LIST_LIMITS.maxPerPage).default(LIST_LIMITS.defaultPerPage),
  search: textField(
    'The search',
    '',
    z.string().trim().max(LIST_LIMITS.maxSearchLength, { error: LIST_MESSAGES.searchTooLong }),
  ).default(''),
  /**
   * Where a page starts, from the `next_cursor` or `prev_cursor` of the page beside it (with
   * that page's number in `page`): a deep page then costs what the first does (keyset, decision
   * 038). Lists that do not give cursors ignore it.
   */
  cursor: z.string().max(200, { error: LIST_MESSAGES.cursor }).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;

export const paginationSchema = z
  .object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    /** At least 1, so an empty list still has a page to show. */
    last_page: z.number().int(),
    total: z.number().int(),
    /**
     * False (and only then present) when the list has more rows than it counts
     * (`LIST_LIMITS.maxCounted`, `maxCountedSearch` for a search): `total` and `last_page` are
     * then a lower bound, and
     * `last_page` is one past the current page while there are more.
     */
    total_exact: z.boolean().optional(),
    /**
     * The cursor of the page after this one (absent on the last page), and of the page before it
     * (only on a page asked with a cursor, past the first).
     */
    next_cursor: z.string().optional(),
    prev_cursor: z.string().optional(),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

/** The answer of a paginated list of `item`. */
export const paginatedResponseSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), pagination: paginationSchema });
export type Paginated<Item> = { data: Item[]; pagination: Pagination };

export function paginationOf(total: number, query: Pick<ListQuery, 'page' | 'per_page'>): Pagination {
  return {
    current_page: query.page,
    per_page: query.per_page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    total,
  };
}
