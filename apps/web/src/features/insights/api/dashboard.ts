import { insightsEndpoints } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';

/**
 * The customer dashboard's three requests, as options shared by its panels' hooks and by the
 * route's loader, which starts them before the page is drawn.
 */
export const customerDashboardQueries = {
  /** GET /api/customer/campaigns-statistics: the 16 figures, each with its change from last week. */
  statistics: queryOptions({
    queryKey: dashboardKeys.statistics(),
    queryFn: async ({ signal }) => (await callApi(insightsEndpoints.dashboardStatistics, { signal })).data,
  }),
  /** GET /api/customer/weekly-spent: amount spent per day, this week and last week. */
  weeklySpend: queryOptions({
    queryKey: dashboardKeys.weeklySpend(),
    queryFn: async ({ signal }) => (await callApi(insightsEndpoints.weeklySpend, { signal })).data,
  }),
  /** GET /api/customer/latest-campaigns-metrics: the 5 newest campaigns with their current figures. */
  latestCampaigns: queryOptions({
    queryKey: dashboardKeys.latestCampaigns(),
    queryFn: async ({ signal }) => (await callApi(insightsEndpoints.latestCampaigns, { signal })).data,
  }),
};

/**
 * GET /api/customer/campaigns-pacing: the running campaigns that end soonest (docs/product/insights.md,
 * Pacing). Asked for by its panel when it is drawn, after the
 * page's first figures, so it adds nothing to the wait before the page appears.
 */
export const usePacingPanel = () =>
  useQuery({
    queryKey: dashboardKeys.pacing(),
    queryFn: async ({ signal }) => (await callApi(insightsEndpoints.pacingPanel, { signal })).data,
  });

export const useDashboardStatistics = () => useQuery(customerDashboardQueries.statistics);
export const useWeeklySpend = () => useQuery(customerDashboardQueries.weeklySpend);
export const useLatestCampaigns = () => useQuery(customerDashboardQueries.latestCampaigns);

/** GET /api/admin-dashboard-stats: the administrators' tiles over the whole portal. */
export function useAdminStatistics() {
  return useQuery({
    queryKey: dashboardKeys.adminStatistics(),
    queryFn: async ({ signal }) => (await callApi(insightsEndpoints.adminStatistics, { signal })).data,
  });
}
