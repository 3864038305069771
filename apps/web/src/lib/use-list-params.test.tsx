import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';

const TAB = ['tab'] as const;

/** Renders the hook on a page at `url`; `location()` tells where the page is now. */
function renderAt(url: string) {
  let currentSearch = '';
  const hook: { current: ReturnType<typeof useListParams<'tab'>> } = { current: undefined! };
  function Probe(): ReactNode {
    hook.current = useListParams(TAB);
    currentSearch = useLocation().search;
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { hook, location: () => currentSearch, router };
}

describe('useListParams', () => {
  it('reads page, page size, search and extra parameters from the URL', () => {
    const { hook } = renderAt('/list?page=3&per_page=25&search=shoes&tab=approved');
    expect(hook.current).toMatchObject({ page: 3, per_page: 25, search: 'shoes', tab: 'approved' });
  });

  it('falls back to the defaults for values that do not parse', () => {
    const { hook } = renderAt('/list?page=abc&per_page=1000');
    expect(hook.current).toMatchObject({ page: 1, per_page: 10, search: '', tab: undefined });
  });

  it('goes back to page 1 when the search or a tab changes, and drops empty values', () => {
    const { hook, location } = renderAt('/list?page=4&tab=pending');
    act(() => hook.current.setSearch('  summer '));
    expect(location()).toBe('?tab=pending&search=summer');
    act(() => hook.current.setPage(2));
    expect(hook.current.page).toBe(2);
    act(() => hook.current.setParam('tab', 'declined'));
    expect(location()).toBe('?tab=declined&search=summer');
    act(() => hook.current.setSearch(''));
    expect(location()).toBe('?tab=declined');
  });

  it('steps to the page beside the one shown with its cursor, and drops the cursor on any other change', () => {
    const { hook, location } = renderAt('/list?page=4');
    const shown = { current_page: 4, next_cursor: 'next-of-4', prev_cursor: 'prev-of-4' };
    act(() => hook.current.setPage(5, shown));
    expect(location()).toBe('?page=5&cursor=next-of-4');
    expect(hook.current).toMatchObject({ page: 5, cursor: 'next-of-4' });
    act(() => hook.current.setPage(3, shown));
    expect(location()).toBe('?page=3&cursor=prev-of-4');
    // A jump goes by the number alone, as does a step with no page shown.
    act(() => hook.current.setPage(9, shown));
    expect(location()).toBe('?page=9');
    act(() => hook.current.setPage(5, shown));
    act(() => hook.current.setSearch('shoes'));
    expect(location()).toBe('?search=shoes');
    expect(hook.current.cursor).toBeUndefined();
  });

  it('replaces the history entry instead of adding one per change', () => {
    const { hook, router } = renderAt('/list');
    act(() => hook.current.setSearch('a'));
    act(() => hook.current.setSearch('ab'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
