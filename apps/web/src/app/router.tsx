import type { AdvertiserPermission } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProgressBar } from '@/components/request-progress';
import { RouteError } from '@/components/route-error';
import { setNavigate } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { RedirectSignedIn, RequireRole, RequireSignedIn, ResetPasswordRedirect } from './guards';
import { RootLayout } from './layouts/root-layout';
import { paths } from '@/config/paths';
import type { PermissionHandle } from '@/features/teams/components/permission-gate';

/**
 * Every page and layout is its own chunk, so the login page downloads only what it shows
 * (at most 200 KiB of gzipped JavaScript for it: the budget in vite.config.ts).
 */
function lazyComponent<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

const authLayout = lazyComponent(() => import('./layouts/auth-layout'), 'AuthLayout');
const portalLayout = lazyComponent(() => import('./layouts/portal-layout'), 'PortalLayout');
const loginPage = lazyComponent(() => import('@/features/auth/routes/login-page'), 'LoginPage');
const myAccountPage = lazyComponent(() => import('./routes/my-account-page'), 'MyAccountPage');
const permissionGate = lazyComponent(() => import('@/features/teams/components/permission-gate'), 'PermissionGate');

/** A customer page's `handle`: what the user's role in the current advertiser account must allow. */
const can = (permission: AdvertiserPermission): PermissionHandle => ({ permission });

/**
 * The route tree, made afresh for each router: React Router marks a route's lazy parts as
 * loaded on the route object itself, so two routers (tests make one each) must not share them.
 * Loaders fill `queryClient`, the one the page's components read. Long, but a table: every
 * address of the app in one tree, so that where a page lives reads from top to bottom.
 */
// eslint-disable-next-line max-lines-per-function -- the route table, one tree (above)
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <ProgressBar />,
    children: [
      {
        element: <RedirectSignedIn />,
        children: [
          {
            lazy: authLayout,
            children: [
              { path: paths.login, lazy: loginPage },
              { path: paths.adminLogin, lazy: loginPage },
              {
                path: paths.signup,
                lazy: lazyComponent(() => import('@/features/auth/routes/signup-page'), 'SignupPage'),
              },
            ],
          },
        ],
      },
      {
        lazy: authLayout,
        children: [
          {
            path: paths.invitation.pattern,
            lazy: lazyComponent(() => import('@/features/teams/routes/invitation-page'), 'InvitationPage'),
          },
          {
            path: paths.passwordSetup.pattern,
            lazy: lazyComponent(() => import('@/features/auth/routes/password-setup-page'), 'PasswordSetupPage'),
          },
          {
            path: paths.reportUnsubscribe,
            lazy: lazyComponent(
              () => import('@/features/insights/routes/report-unsubscribe-page'),
              'ReportUnsubscribePage',
            ),
          },
        ],
      },
      { path: paths.resetPasswordLink.pattern, element: <ResetPasswordRedirect /> },
      // Shared links' pages: for anyone with the link, signed in or not, outside the portal (decision 034).
      {
        path: paths.sharedPreview.pattern,
        lazy: lazyComponent(() => import('./routes/shared-preview-page'), 'SharedPreviewPage'),
      },
      {
        path: paths.sharedReport.pattern,
        lazy: lazyComponent(() => import('./routes/shared-report-page'), 'SharedReportPage'),
      },
      {
        element: <RequireRole role="customer" />,
        children: [
          {
            lazy: portalLayout,
            children: [
              {
                // Each page names what the user's role in the current advertiser account must
                // allow; the gate says why it is not shown otherwise (docs/product/teams.md, Roles).
                lazy: permissionGate,
                children: [
                  {
                    path: paths.dashboard,
                    handle: can('campaigns.view'),
                    // Two parts loaded side by side: the loader starts the page's requests while
                    // the page's code is still on its way.
                    lazy: {
                      loader: async () =>
                        (await import('./routes/data-before-drawing')).customerDashboardLoader(queryClient),
                      Component: async () => (await import('./routes/dashboard-page')).DashboardPage,
                    },
                  },
                  {
                    path: paths.campaigns,
                    handle: can('campaigns.view'),
                    lazy: lazyComponent(() => import('@/features/campaigns/routes/campaigns-page'), 'CampaignsPage'),
                  },
                  {
                    path: paths.newCampaign,
                    handle: can('campaigns.manage'),
                    lazy: lazyComponent(
                      () => import('@/features/campaigns/routes/new-campaign-page'),
                      'NewCampaignPage',
                    ),
                  },
                  {
                    path: paths.analytics,
                    handle: can('campaigns.view'),
                    lazy: lazyComponent(() => import('@/features/insights/routes/analytics-page'), 'AnalyticsPage'),
                  },
                  {
                    path: paths.balance,
                    handle: can('billing.manage'),
                    // As the dashboard: its data is asked for while the page's code is on its way.
                    lazy: {
                      loader: async () => (await import('./routes/data-before-drawing')).balanceLoader(queryClient),
                      Component: async () => (await import('./routes/balance-page')).BalancePage,
                    },
                  },
                  {
                    path: paths.checkout.pattern,
                    handle: can('billing.manage'),
                    lazy: lazyComponent(() => import('./routes/checkout-page'), 'CheckoutPage'),
                  },
                  {
                    path: paths.team,
                    handle: can('team.manage'),
                    lazy: lazyComponent(() => import('@/features/teams/routes/team-page'), 'TeamPage'),
                  },
                ],
              },
              {
                path: paths.notifications,
                lazy: lazyComponent(
                  () => import('@/features/notifications/routes/notifications-page'),
                  'NotificationsPage',
                ),
              },
              { path: paths.myAccount, lazy: myAccountPage },
            ],
          },
        ],
      },
      {
        element: <RequireRole role="admin" />,
        children: [
          {
            lazy: portalLayout,
            children: [
              {
                path: paths.admin.dashboard,
                lazy: lazyComponent(() => import('./routes/admin-dashboard-page'), 'AdminDashboardPage'),
              },
              {
                path: paths.admin.campaigns,
                lazy: lazyComponent(() => import('./routes/admin-campaigns-page'), 'AdminCampaignsPage'),
              },
              {
                path: paths.admin.analytics,
                lazy: lazyComponent(
                  () => import('@/features/insights/routes/admin-analytics-page'),
                  'AdminAnalyticsPage',
                ),
              },
              {
                path: paths.admin.payments,
                lazy: lazyComponent(
                  () => import('@/features/payments/routes/admin-payments-page'),
                  'AdminPaymentsPage',
                ),
              },
              {
                path: paths.admin.users,
                lazy: lazyComponent(() => import('@/features/review/routes/admin-users-page'), 'AdminUsersPage'),
              },
              {
                path: paths.admin.declineReasons,
                lazy: lazyComponent(
                  () => import('@/features/review/routes/admin-decline-reasons-page'),
                  'AdminDeclineReasonsPage',
                ),
              },
              {
                path: paths.admin.viewCampaign.pattern,
                // As the dashboard: the campaign is asked for while the page's code is on its way.
                lazy: {
                  loader: async () => (await import('./routes/data-before-drawing')).adminCampaignLoader(queryClient),
                  Component: async () => (await import('./routes/admin-view-campaign-page')).AdminViewCampaignPage,
                },
              },
              { path: paths.admin.myAccount, lazy: myAccountPage },
            ],
          },
        ],
      },
      {
        // Printable, without the portal's menu: a page of its own for customers and administrators.
        element: <RequireSignedIn />,
        children: [
          {
            path: paths.receipt.pattern,
            lazy: lazyComponent(() => import('@/features/payments/routes/receipt-page'), 'ReceiptPage'),
          },
          {
            path: paths.invoice.pattern,
            lazy: lazyComponent(() => import('@/features/payments/routes/invoice-page'), 'InvoicePage'),
          },
          {
            // The current account's; the server refuses those who do not manage its billing.
            path: paths.statement.pattern,
            lazy: lazyComponent(() => import('@/features/payments/routes/statement-page'), 'StatementPage'),
          },
        ],
      },
      { path: '*', lazy: lazyComponent(() => import('./routes/not-found-page'), 'NotFoundPage') },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(createRoutes(queryClient));
  // The API client's forced logout navigates from outside React.
  setNavigate((to, options) => void router.navigate(to, options));
  return router;
}
