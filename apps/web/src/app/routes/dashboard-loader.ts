import { isAdminRole } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { customerDashboardQueries } from '@/features/analytics/api/dashboard';
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
 * The customer dashboard's loader (docs/decisions/021-dashboard-data-before-drawing.md). It asks
 * for the dashboard's figures while the page's code downloads, and lets the router draw the
 * page once they have arrived, so the panels appear filled in one time-sliced render rather
 * than as placeholders that a second, blocking render replaces. A failed request is left to
 * its panel, which shows the error as it always did.
 */
export const customerDashboardLoader = (queryClient: QueryClient) => async (): Promise<null> => {
  const session = sessionStore.getState();
  // Anyone else is sent away by the route's guard; their requests would only be refused.
  if (!isSignedIn(session) || isAdminRole(session.user?.type)) return null;
  const answered = Promise.allSettled([
    queryClient.prefetchQuery(customerDashboardQueries.statistics),
    queryClient.prefetchQuery(customerDashboardQueries.weeklySpend),
    queryClient.prefetchQuery(customerDashboardQueries.latestCampaigns),
    queryClient.prefetchQuery(notificationsQuery(DASHBOARD_NOTIFICATIONS)),
    // The menu's unread count, drawn by the portal's frame around the page.
    queryClient.prefetchQuery(unreadCountQuery),
  ]);
  await Promise.race([answered, delay(DASHBOARD_WAIT_MS)]);
  return null;
};
