import { ModalsProvider } from '@mantine/modals';
import { Outlet } from 'react-router';
import { RequestProgress } from '@/components/request-progress';
import { ScrollToTop } from '@/components/scroll-to-top';

/**
 * Inside the router so that dialogs opened through `modals` can use links and navigation.
 * Dialogs lock page scrolling while open (Mantine's default, kept on purpose).
 */
export function RootLayout() {
  return (
    <ModalsProvider>
      <ScrollToTop />
      <RequestProgress />
      <Outlet />
    </ModalsProvider>
  );
}
