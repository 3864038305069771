import { listQuerySchema, type ListQuery, type Pagination } from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type ExtraParams<Key extends string> = Record<Key, string | undefined>;

/** The page on screen, as its answer describes it: its number and the cursors beside it. */
export type ShownPage = Pick<Pagination, 'current_page' | 'next_cursor' | 'prev_cursor'>;

/**
 * The cursor for going to `page` from `shown`: a step to the page after or before it starts at
 * its last or first row (keyset, decision 038), so a deep page costs the API what the first
 * does; a jump goes by the number alone.
 */
const cursorFor = (page: number, shown: ShownPage | undefined) => {
  if (shown === undefined) return undefined;
  if (page === shown.current_page + 1) return shown.next_cursor;
  return page === shown.current_page - 1 ? shown.prev_cursor : undefined;
};

/**
 * A list's page, page size, search and any extra parameters (a tab, say) kept in the page's
 * URL, so a reload, the back button and a shared link show the same list. Values that do not
 * parse fall back to the contract's defaults (first page, 10 a page, no search). Changing the
 * search or an extra parameter goes back to page 1; each change replaces the history entry
 * rather than adding one per keystroke. `extraKeys` should be a constant (defined outside the
 * component), so that it does not change on every render.
 */
const NO_EXTRA_KEYS: readonly never[] = [];

export function useListParams<Key extends string = never>(extraKeys: readonly Key[] = NO_EXTRA_KEYS) {
  const [searchParams, setSearchParams] = useSearchParams();

  const query: ListQuery = useMemo(() => {
    const read = (name: string) => searchParams.get(name) ?? undefined;
    const defaults = listQuerySchema.parse({});
    const field = <Name extends keyof ListQuery>(name: Name): ListQuery[Name] => {
      const parsed = listQuerySchema.shape[name].safeParse(read(name));
      return parsed.success ? (parsed.data as ListQuery[Name]) : defaults[name];
    };
    const cursor = field('cursor');
    return { page: field('page'), per_page: field('per_page'), search: field('search'), ...(cursor ? { cursor } : {}) };
  }, [searchParams]);

  const extra = useMemo(
    () => Object.fromEntries(extraKeys.map((key) => [key, searchParams.get(key) ?? undefined])) as ExtraParams<Key>,
    [searchParams, extraKeys],
  );

  const update = useCallback(
    (changes: Record<string, string | number | undefined>, resetPage: boolean) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          // A cursor belongs to the page it was given for: any other change drops it.
          if (!('cursor' in changes)) next.delete('cursor');
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return {
    ...query,
    ...extra,
    /** Goes to `page`; from `shown` (the page on screen) a step to the page beside it uses its cursor. */
    setPage: useCallback(
      (page: number, shown?: ShownPage) =>
        update({ page: page > 1 ? page : undefined, cursor: cursorFor(page, shown) }, false),
      [update],
    ),
    setPerPage: useCallback((perPage: number) => update({ per_page: perPage }, true), [update]),
    setSearch: useCallback((search: string) => update({ search: search.trim() }, true), [update]),
    setParam: useCallback((name: Key, value: string | undefined) => update({ [name]: value }, true), [update]),
  };
}
