import { isAdminRole } from '@portal/contract';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';
import { customerDashboardQueries } from '@/features/insights/api/dashboard';
import {
  DASHBOARD_NOTIFICATIONS,
  notificationsQuery,
  unreadCountQuery,
} from '@/features/notifications/api/notifications';
import { balanceQueryOptions } from '@/features/payments/api/get-balance';
import { adminCampaignQuery, reviewedCampaignId } from '@/features/review/api/campaign-requests';
import { paymentMethodsQueryOptions } from '@/features/payments/api/list-payment-methods';
import { isSignedIn, sessionStore } from '@/stores/session-store';

/**
 * How long the page waits for its figures before it is drawn with placeholders instead. The
 * page shell is on screen meanwhile (decision 017), so a slow answer costs the visitor nothing.
 */
export const FIRST_DRAW_WAIT_MS = 1000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A loader that asks for a page's data while the page's code downloads, and on a first visit
 * lets the router draw the page once it has arrived (or after FIRST_DRAW_WAIT_MS), so the panels
 * appear filled in one time-sliced render rather than as placeholders that a second, blocking
 * render replaces and that push the panels below them down
 * (docs/decisions/021-dashboard-data-before-drawing.md). A return visit is drawn at once from the
 * cache, and the requests only refresh what has gone stale. A refused request is left to its
 * panel, which shows the error as it always did. Only the requests of a signed-in user of the
 * page's `role` are made: anyone else is sent away by the route's guard, and their requests
 * would only be refused.
 */
const loadBeforeDrawing =
  (queryClient: QueryClient, role: 'customer' | 'admin', queries: (params: Params) => readonly Ask[]) =>
  async ({ request, params }: LoaderFunctionArgs): Promise<null> => {
    // A navigation already left (or a router disposed) while the loader's code downloaded asks for nothing.
    if (request.signal.aborted) return null;
    const session = sessionStore.getState();
    if (!isSignedIn(session) || isAdminRole(session.user?.type) !== (role === 'admin')) return null;
    const asked = queries(params).map((query) => query(queryClient));
    const firstVisit = asked.some(({ cached }) => !cached);
    const answered = Promise.allSettled(asked.map(({ answer }) => answer));
    if (firstVisit) await Promise.race([answered, delay(FIRST_DRAW_WAIT_MS)]);
    return null;
  };

/** One query a loader asks for: whether the cache had it, and its answer. */
type Ask = (client: QueryClient) => { cached: boolean; answer: Promise<unknown> };

/** `query` answers from the cache while an answer is fresh and asks the server otherwise. */
const ask =
  <Data, Key extends QueryKey>(options: FetchQueryOptions<Data, Error, Data, Key>): Ask =>
  (client) => ({ cached: client.getQueryData(options.queryKey) !== undefined, answer: client.query(options) });

/** The customer dashboard's figures, its notifications and the menu's unread count (drawn by the frame). */
export const customerDashboardLoader = (queryClient: QueryClient) =>
  loadBeforeDrawing(queryClient, 'customer', () => [
    ask(customerDashboardQueries.statistics),
    ask(customerDashboardQueries.weeklySpend),
    ask(customerDashboardQueries.latestCampaigns),
    ask(notificationsQuery(DASHBOARD_NOTIFICATIONS)),
    ask(unreadCountQuery),
  ]);

/**
 * /balance: the balance with its campaigns due and the saved cards, the two panels at the top
 * whose lists would otherwise push everything below them down as they arrive.
 */
export const balanceLoader = (queryClient: QueryClient) =>
  loadBeforeDrawing(queryClient, 'customer', () => [ask(balanceQueryOptions()), ask(paymentMethodsQueryOptions())]);

/**
 * /admin/view-campaign/:id: the campaign under review. Its own texts are the page's largest, so
 * the page is drawn once they are here rather than as a placeholder they replace.
 */
export const adminCampaignLoader = (queryClient: QueryClient) =>
  loadBeforeDrawing(queryClient, 'admin', (params) => [ask(adminCampaignQuery(reviewedCampaignId(params.id)))]);
