import { listQuerySchema, type ListQuery } from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type ExtraParams<Key extends string> = Record<Key, string | undefined>;

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
    return { page: field('page'), per_page: field('per_page'), search: field('search') };
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
    setPage: useCallback((page: number) => update({ page: page > 1 ? page : undefined }, false), [update]),
    setPerPage: useCallback((perPage: number) => update({ per_page: perPage }, true), [update]),
    setSearch: useCallback((search: string) => update({ search: search.trim() }, true), [update]),
    setParam: useCallback((name: Key, value: string | undefined) => update({ [name]: value }, true), [update]),
  };
}
