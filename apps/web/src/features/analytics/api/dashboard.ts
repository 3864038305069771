import { insightsEndpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The query keys of the two dashboards' figures (docs/product/insights.md, Dashboards). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistics: () => [...dashboardKeys.all, 'statistics'] as const,
  weeklySpend: () => [...dashboardKeys.all, 'weekly-spend'] as const,
  latestCampaigns: () => [...dashboardKeys.all, 'latest-campaigns'] as const,
  adminStatistics: () => [...dashboardKeys.all, 'admin-statistics'] as const,
};

/** GET /api/customer/campaigns-statistics: the 16 figures, each with its change from last week. */
export function useDashboardStatistics() {
  return useQuery({
    queryKey: dashboardKeys.statistics(),
    queryFn: async ({ signal }) => (await callApi(insightsEndpoints.dashboardStatistics, { signal })).data,
  });
}

/** GET /api/customer/weekly-spent: amount spent per day, this week and last week. */
export function useWeeklySpend() {
  return useQuery({
    queryKey: dashboardKeys.weeklySpend(),
    queryFn: async ({ signal }) => (await callApi(insightsEndpoints.weeklySpend, { signal })).data,
  });
}

/** GET /api/customer/latest-campaigns-metrics: the 5 newest campaigns with their current figures. */
export function useLatestCampaigns() {
  return useQuery({
    queryKey: dashboardKeys.latestCampaigns(),
    queryFn: async ({ signal }) => (await callApi(insightsEndpoints.latestCampaigns, { signal })).data,
  });
}

/** GET /api/admin-dashboard-stats: the administrators' tiles over the whole portal. */
export function useAdminStatistics() {
  return useQuery({
    queryKey: dashboardKeys.adminStatistics(),
    queryFn: async ({ signal }) => (await callApi(insightsEndpoints.adminStatistics, { signal })).data,
  });
}
