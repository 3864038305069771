import { reviewEndpoints, type ListQuery } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidate, reviewKeys, staleAfter } from '@/lib/query-keys';

/** GET /api/get-all-users: one page of the Registered Users table. */
export function useUserList(query: ListQuery) {
  return useQuery({
    queryKey: reviewKeys.userList(query),
    queryFn: ({ signal }) => callApi(reviewEndpoints.listUsers, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/user/{id}: what the ban dialog shows; only asked while it is open. */
export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: reviewKeys.user(id ?? 0),
    queryFn: async ({ signal }) => (await callApi(reviewEndpoints.getAdminUser, { params: { id: id! }, signal })).data,
    enabled: id !== null,
    staleTime: 0,
  });
}

/** POST /api/toggle-user-status/{id}: ban or unban; the users, the review queue and the admin tiles reload. */
export function useToggleUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['review', 'toggle-user'],
    mutationFn: (id: number) => callApi(reviewEndpoints.toggleUserStatus, { params: { id } }),
    onSettled: () => invalidate(queryClient, staleAfter.userStatusChange()),
  });
}
