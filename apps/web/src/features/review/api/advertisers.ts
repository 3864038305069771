import { advertiserEndpoints } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { teamKeys } from '@/lib/query-keys';

const endpoints = advertiserEndpoints;

/** GET /api/admin/user/{id}/advertisers: the user's advertiser accounts with their members; asked while shown. */
export function useUserAdvertisers(userId: number | null) {
  return useQuery({
    queryKey: teamKeys.userAdvertisers(userId ?? 0),
    queryFn: async ({ signal }) =>
      (await callApi(endpoints.listUserAdvertisers, { params: { id: userId! }, signal })).data,
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** Suspends or reinstates an advertiser account; the accounts shown reload. */
export function useSetAdvertiserSuspended() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['review', 'suspend-advertiser'],
    mutationFn: ({ id, suspended }: { id: number; suspended: boolean }) =>
      callApi(suspended ? endpoints.suspendAdvertiser : endpoints.reinstateAdvertiser, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** PUT /api/admin/advertisers/{id}/trusted: marks the account trusted or not; the accounts shown reload. */
export function useSetAdvertiserTrusted() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['review', 'trust-advertiser'],
    mutationFn: ({ id, trusted }: { id: number; trusted: boolean }) =>
      callApi(endpoints.setAdvertiserTrusted, { params: { id }, body: { trusted } }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** GET /api/admin/invitations: invitations of new administrators not answered yet. */
export function useAdminInvitations() {
  return useQuery({
    queryKey: teamKeys.adminInvitations(),
    queryFn: async ({ signal }) => (await callApi(endpoints.listAdminInvitations, { signal })).data,
  });
}

export function useInviteAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['review', 'invite-admin'],
    mutationFn: (email: string) => callApi(endpoints.inviteAdmin, { body: { email } }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.adminInvitations() }),
  });
}

export function useWithdrawAdminInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['review', 'withdraw-admin-invitation'],
    mutationFn: (id: number) => callApi(endpoints.withdrawAdminInvitation, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.adminInvitations() }),
  });
}
