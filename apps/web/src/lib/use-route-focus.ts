import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useLocation } from 'react-router';

/**
 * The path of the last page a layout showed with `useRouteFocus`. It outlives the layouts:
 * signing in swaps the public layout for the portal's, and that is a change of page too.
 */
class ShownPath {
  private path: string | undefined;

  /** Records the page now shown and returns the one before (undefined: none yet). */
  swap(path: string): string | undefined {
    const previous = this.path;
    this.path = path;
    return previous;
  }
}

const ShownPathContext = createContext<ShownPath | null>(null);

/** Holds the shown path for the layouts below it; the root layout wraps every page in it. */
export function RouteFocusScope({ children }: { children: ReactNode }) {
  const [shown] = useState(() => new ShownPath());
  return createElement(ShownPathContext.Provider, { value: shown }, children);
}

/**
 * The element itself when it is a heading, else the first h1 inside it, else (a page still
 * asking the server what to show) the element: the keyboard starts in the new page either way.
 */
function headingOf(element: HTMLElement): HTMLElement {
  if (/^H[1-6]$/.test(element.tagName)) return element;
  return element.querySelector<HTMLElement>('h1') ?? element;
}

/**
 * Focus for a new page (docs/accessibility.md, Focus): a link or a redirect replaces the whole
 * page but leaves the keyboard where it was, on a link of the menu or, when the control that
 * led there is gone, at the top of the document, and a screen reader says nothing of the new
 * page. When the path changes, the focus goes to the page's heading: the returned ref's
 * element when it is a heading, else the first h1 inside it, else, while the page has none
 * yet, the element itself. It is focused without scrolling (the page is already at its top)
 * and gets `tabindex="-1"` when it has none, so it can take the focus without becoming a Tab
 * stop.
 *
 * Left alone:
 * - the first page the app shows, redirects on the way to it included (`/` to the dashboard
 *   for someone signed in): a page opened fresh keeps the browser's start;
 * - a change of the query string only (tabs, pagination, search): the control used keeps the
 *   focus;
 * - a dialog that has already taken the focus on the new page (the sign-up code dialog).
 */
export function useRouteFocus<T extends HTMLElement>(): RefObject<T | null> {
  const target = useRef<T>(null);
  const [own] = useState(() => new ShownPath());
  // Outside a scope (a layout rendered on its own), the layout remembers for itself.
  const shown = useContext(ShownPathContext) ?? own;
  const { pathname } = useLocation();
  useEffect(() => {
    const previous = shown.swap(pathname);
    if (previous === undefined || previous === pathname) return;
    if (document.activeElement?.closest('[aria-modal="true"]')) return;
    if (!target.current) return;
    const heading = headingOf(target.current);
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname, shown]);
  return target;
}
