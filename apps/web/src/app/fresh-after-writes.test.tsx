import { CAMPAIGN_MESSAGES, REVIEW_MESSAGES, ROLE, STATISTICS_MESSAGES } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCampaignAnalytics } from '@/features/insights/api/campaign-analytics';
import { useAdminStatistics, useLatestCampaigns, usePacingPanel } from '@/features/insights/api/dashboard';
import { useDeleteCampaigns } from '@/features/campaigns/api/change-campaigns';
import { useCampaignList } from '@/features/campaigns/api/list-campaigns';
import { useNotifications } from '@/features/notifications/api/notifications';
import { usePayWithSandbox } from '@/features/payments/api/checkout';
import { useBalance } from '@/features/payments/api/get-balance';
import { useDecideCampaign, useLatestApprovedCampaigns } from '@/features/review/api/campaign-requests';
import { useSaveStatistics } from '@/features/insights/api/statistics-entry';
import { useToggleUserStatus } from '@/features/review/api/users';
import { createQueryClient } from '@/lib/query-client';
import { sessionStore } from '@/stores/session-store';
import { jsonResponse, loginResponse, requestsTo, stubApi, type ApiHandler } from '@/test/fixtures';
import { paymentActivity, statisticsEntry } from '@/test/answers';
import { campaignFixture } from '@/test/campaigns';

/**
 * A write in one feature reloads what other features show of the same data, although the
 * app's queries stay fresh for 30 s: each test mounts the other features' queries beside the
 * write, as the pages do, and counts their requests.
 */

const QUERY = { page: 1, per_page: 10, search: '' };
const emptyPage = () =>
  jsonResponse({ data: [], pagination: { current_page: 1, per_page: 10, last_page: 1, total: 0 }, unread_count: 0 });
// The answers of the queries do not matter here, only that they are asked again.
const anything = () => jsonResponse({ message: 'not looked at' }, 400);

function mount<T>(hooks: () => T, handlers: Record<string, ApiHandler>, role: number = ROLE.admin) {
  const fetchMock = stubApi(handlers);
  sessionStore.signIn(loginResponse({ role_id: role }));
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(hooks, { wrapper }), fetchMock };
}

/** Waits until each query has been asked once, so that a second request is a reload. */
async function askedOnce(fetchMock: ReturnType<typeof stubApi>, keys: string[]) {
  for (const key of keys) await waitFor(() => expect(requestsTo(fetchMock, key)).toHaveLength(1));
}

async function reloaded(fetchMock: ReturnType<typeof stubApi>, keys: string[]) {
  for (const key of keys) await waitFor(() => expect(requestsTo(fetchMock, key)).toHaveLength(2));
}

const ADMIN_TILES = 'GET /api/admin-dashboard-stats';
const ALL_ANALYTICS = 'GET /api/all-campaigns-analytics';
const LATEST_APPROVED = 'GET /api/admin/latest-campaigns';

describe('queries other features show reload after', () => {
  it('saving figures: the admin tiles, the analytics cards and the latest approved campaigns', async () => {
    const { result, fetchMock } = mount(
      () => ({
        tiles: useAdminStatistics(),
        analytics: useCampaignAnalytics('all', QUERY),
        latest: useLatestApprovedCampaigns(),
        save: useSaveStatistics(9),
      }),
      {
        [ADMIN_TILES]: anything,
        [ALL_ANALYTICS]: anything,
        [LATEST_APPROVED]: anything,
        'POST /api/campaign/add-update-performance-stats/9': () =>
          jsonResponse({ message: STATISTICS_MESSAGES.updated, data: statisticsEntry() }),
      },
    );
    await askedOnce(fetchMock, [ADMIN_TILES, ALL_ANALYTICS, LATEST_APPROVED]);
    await result.current.save.mutateAsync({});
    await reloaded(fetchMock, [ADMIN_TILES, ALL_ANALYTICS, LATEST_APPROVED]);
  });

  it('a review decision: the admin tiles, the analytics cards and the notifications', async () => {
    const { result, fetchMock } = mount(
      () => ({
        tiles: useAdminStatistics(),
        analytics: useCampaignAnalytics('all', QUERY),
        notifications: useNotifications({ page: 1, per_page: 5 }),
        decide: useDecideCampaign(9),
      }),
      {
        [ADMIN_TILES]: anything,
        [ALL_ANALYTICS]: anything,
        'GET /api/my-notifications': emptyPage,
        'POST /api/update-campaign-approval-status/9': () =>
          jsonResponse({ message: REVIEW_MESSAGES.approved, data: campaignFixture({ approval_status: 'approved' }) }),
      },
    );
    await askedOnce(fetchMock, [ADMIN_TILES, ALL_ANALYTICS, 'GET /api/my-notifications']);
    await result.current.decide.mutateAsync({ approval_status: 'approved' });
    await reloaded(fetchMock, [ADMIN_TILES, ALL_ANALYTICS, 'GET /api/my-notifications']);
  });

  it('a ban: the admin tiles, which count banned customers', async () => {
    const { result, fetchMock } = mount(() => ({ tiles: useAdminStatistics(), toggle: useToggleUserStatus() }), {
      [ADMIN_TILES]: anything,
      'POST /api/toggle-user-status/5': () =>
        jsonResponse({ message: REVIEW_MESSAGES.userStatusUpdated, data: { id: 5, status: false } }),
    });
    await askedOnce(fetchMock, [ADMIN_TILES]);
    await result.current.toggle.mutateAsync(5);
    await reloaded(fetchMock, [ADMIN_TILES]);
  });

  it("a customer's change to campaigns: the dashboard's latest campaigns and pacing, the analytics cards and the balance", async () => {
    const { result, fetchMock } = mount(
      () => ({
        latest: useLatestCampaigns(),
        pacing: usePacingPanel(),
        analytics: useCampaignAnalytics('customer', QUERY),
        balance: useBalance(),
        remove: useDeleteCampaigns(),
      }),
      {
        'GET /api/customer/latest-campaigns-metrics': anything,
        'GET /api/customer/campaigns-pacing': anything,
        'GET /api/customer/campaigns-analytics': anything,
        'GET /api/customer/balance': anything,
        'DELETE /api/customer/my-campaigns/soft-delete': () => jsonResponse({ message: CAMPAIGN_MESSAGES.deleted }),
      },
      ROLE.customer,
    );
    const queries = [
      'GET /api/customer/latest-campaigns-metrics',
      'GET /api/customer/campaigns-pacing',
      'GET /api/customer/campaigns-analytics',
      'GET /api/customer/balance',
    ];
    await askedOnce(fetchMock, queries);
    await result.current.remove.mutateAsync([9]);
    await reloaded(fetchMock, queries);
  });

  it("a payment: the campaign list's Paid state", async () => {
    const { result, fetchMock } = mount(
      () => ({ list: useCampaignList('active', QUERY), pay: usePayWithSandbox('token') }),
      {
        'GET /api/customer/my-active-campaigns': anything,
        'POST /api/checkout/token/pay': () => jsonResponse({ message: 'Paid', data: paymentActivity() }),
      },
      ROLE.customer,
    );
    await askedOnce(fetchMock, ['GET /api/customer/my-active-campaigns']);
    await result.current.pay.mutateAsync({ payment_method_id: 3 });
    await reloaded(fetchMock, ['GET /api/customer/my-active-campaigns']);
  });
});
