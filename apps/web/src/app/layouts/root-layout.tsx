import { Outlet } from 'react-router';
import { RequestProgress } from '@/components/request-progress';
import { ScrollToTop } from '@/components/scroll-to-top';

/**
 * The frame of every page. The dialogs manager (ModalsProvider) lives in the portal layout,
 * not here: Mantine's Modal would otherwise be in the first chunk the login page loads.
 */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <RequestProgress />
      <Outlet />
    </>
  );
}
