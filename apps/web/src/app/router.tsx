import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProgressBar } from '@/components/request-progress';
import { RouteError } from '@/components/route-error';
import { setNavigate } from '@/lib/navigation';
import { RedirectSignedIn, RequireRole, ResetPasswordRedirect } from './guards';
import { RootLayout } from './layouts/root-layout';

/**
 * Every page and layout is its own chunk, so the login page downloads only what it shows
 * (DESIGN.md budget: at most 200 KiB of gzipped JavaScript for it).
 */
function lazyComponent<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

const authLayout = lazyComponent(() => import('./layouts/auth-layout'), 'AuthLayout');
const portalLayout = lazyComponent(() => import('./layouts/portal-layout'), 'PortalLayout');
const loginPage = lazyComponent(() => import('@/features/auth/routes/login-page'), 'LoginPage');
const myAccountPage = lazyComponent(() => import('./routes/my-account-page'), 'MyAccountPage');

export const routes: RouteObject[] = [
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
              { path: '/', lazy: loginPage },
              { path: '/admin/login', lazy: loginPage },
              {
                path: '/signup',
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
            path: '/password-setup/:linkhash',
            lazy: lazyComponent(() => import('@/features/auth/routes/password-setup-page'), 'PasswordSetupPage'),
          },
        ],
      },
      { path: '/reset-password/:linkhash', element: <ResetPasswordRedirect /> },
      {
        element: <RequireRole role="customer" />,
        children: [
          {
            lazy: portalLayout,
            children: [
              {
                path: '/dashboard',
                lazy: lazyComponent(() => import('@/features/dashboard/routes/dashboard-page'), 'DashboardPage'),
              },
              {
                path: '/campaigns',
                lazy: lazyComponent(() => import('@/features/campaigns/routes/campaigns-page'), 'CampaignsPage'),
              },
              {
                path: '/campaigns/new',
                lazy: lazyComponent(() => import('@/features/campaigns/routes/new-campaign-page'), 'NewCampaignPage'),
              },
              {
                path: '/analytics',
                lazy: lazyComponent(() => import('@/features/analytics/routes/analytics-page'), 'AnalyticsPage'),
              },
              {
                path: '/balance',
                lazy: lazyComponent(() => import('@/features/payments/routes/balance-page'), 'BalancePage'),
              },
              {
                path: '/notifications',
                lazy: lazyComponent(
                  () => import('@/features/notifications/routes/notifications-page'),
                  'NotificationsPage',
                ),
              },
              { path: '/my-account', lazy: myAccountPage },
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
                path: '/admin/dashboard',
                lazy: lazyComponent(() => import('@/features/admin/routes/admin-dashboard-page'), 'AdminDashboardPage'),
              },
              {
                path: '/admin/campaigns',
                lazy: lazyComponent(() => import('@/features/admin/routes/admin-campaigns-page'), 'AdminCampaignsPage'),
              },
              {
                path: '/admin/analytics',
                lazy: lazyComponent(() => import('@/features/admin/routes/admin-analytics-page'), 'AdminAnalyticsPage'),
              },
              {
                path: '/admin/users',
                lazy: lazyComponent(() => import('@/features/admin/routes/admin-users-page'), 'AdminUsersPage'),
              },
              {
                path: '/admin/view-campaign/:id',
                lazy: lazyComponent(
                  () => import('@/features/admin/routes/admin-view-campaign-page'),
                  'AdminViewCampaignPage',
                ),
              },
              { path: '/admin/my-account', lazy: myAccountPage },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyComponent(() => import('./routes/not-found-page'), 'NotFoundPage') },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  // The API client's forced logout navigates from outside React.
  setNavigate((to, options) => void router.navigate(to, options));
  return router;
}
