import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { RequestProgress } from '@/components/request-progress';
import { ScrollToTop } from '@/components/scroll-to-top';
import { RouteFocusScope } from '@/lib/use-route-focus';
import { removeShell } from '../shell/shell-boot';

/**
 * The frame of every page. The dialogs manager (ModalsProvider) lives in the portal layout,
 * not here: Mantine's Modal would otherwise be in the first chunk the login page loads.
 */
export function RootLayout() {
  // The first time the router draws a page, it takes the place of index.html's shell (decision
  // 017): a layout effect, so the shell is gone before the browser paints the page.
  useLayoutEffect(removeShell, []);
  return (
    <>
      <ScrollToTop />
      <RequestProgress />
      {/* The layouts below move the focus to a new page's heading (useRouteFocus). */}
      <RouteFocusScope>
        <Outlet />
      </RouteFocusScope>
    </>
  );
}
