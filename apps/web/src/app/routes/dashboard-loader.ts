import { isAdminRole } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { customerDashboardQueries } from '@/features/insights/api/dashboard';
import {
  DASHBOARD_NOTIFICATIONS,
  notificationsQuery,
  unreadCountQuery,
} from '@/features/notifications/api/notifications';
import { isSignedIn, sessionStore } from '@/stores/session-store';

/**
 * How long the page waits for its figures before it is drawn with placeholders instead. The
 * page shell is on screen meanwhile (decision 017), so a slow answer costs the visitor nothing.
 */
export const DASHBOARD_WAIT_MS = 1000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The customer dashboard's loader (docs/decisions/021-dashboard-data-before-drawing.md). On a
 * first visit it asks for the dashboard's figures while the page's code downloads, and lets the
 * router draw the page once they have arrived, so the panels appear filled in one time-sliced
 * render rather than as placeholders that a second, blocking render replaces. A return visit is
 * drawn at once from the cache, and the requests only refresh what has gone stale. A refused
 * request is left to its panel, which shows the error as it always did.
 */
export const customerDashboardLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs): Promise<null> => {
    // A navigation already left (or a router disposed) while the loader's code downloaded asks for nothing.
    if (request.signal.aborted) return null;
    const session = sessionStore.getState();
    // Anyone else is sent away by the route's guard; their requests would only be refused.
    if (!isSignedIn(session) || isAdminRole(session.user?.type)) return null;
    const firstVisit = queryClient.getQueryData(customerDashboardQueries.statistics.queryKey) === undefined;
    // `query` answers from the cache while an answer is fresh and asks the server otherwise.
    const answered = Promise.allSettled([
      queryClient.query(customerDashboardQueries.statistics),
      queryClient.query(customerDashboardQueries.weeklySpend),
      queryClient.query(customerDashboardQueries.latestCampaigns),
      queryClient.query(notificationsQuery(DASHBOARD_NOTIFICATIONS)),
      // The menu's unread count, drawn by the portal's frame around the page.
      queryClient.query(unreadCountQuery),
    ]);
    if (firstVisit) await Promise.race([answered, delay(DASHBOARD_WAIT_MS)]);
    return null;
  };
