import { notificationEndpoints } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notificationKeys, type PageQuery } from '@/lib/query-keys';

/** GET /api/my-notifications: one page, newest first, with the unread count. */
export const notificationsQuery = (query: PageQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => callApi(notificationEndpoints.listNotifications, { query, signal }),
  });

/** docs/product/review.md, Notifications: dashboards show the latest 5. */
export const DASHBOARD_NOTIFICATIONS: PageQuery = { page: 1, per_page: 5 };

export function useNotifications(query: PageQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationsQuery(query), placeholderData: keepPreviousData, enabled: options.enabled });
}

/** The unread count of the menu: the smallest page carries it; the live stream keeps it current. */
export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: async ({ signal }) =>
    (await callApi(notificationEndpoints.listNotifications, { query: { page: 1, per_page: 1 }, signal })).unread_count,
});

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQuery, enabled });
}

/** POST /api/my-notifications/read: those shown are read; the count follows. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'read'],
    mutationFn: (ids: number[]) => callApi(notificationEndpoints.markNotificationsRead, { body: { ids } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.unread(), answer.unread_count),
  });
}
