import { advertiserEndpoints, type AdvertiserRole, type EndpointBody } from '@portal/contract';
import { mutationOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { teamKeys } from '@/lib/query-keys';
import { advertiserStore, useChosenAdvertiser } from '@/stores/advertiser-store';

const endpoints = advertiserEndpoints;

/** GET /api/customer/team: the chosen account's members and pending invitations (owners). */
export function useTeam() {
  const advertiserId = useChosenAdvertiser();
  return useQuery({
    queryKey: teamKeys.team(advertiserId),
    queryFn: ({ signal }) => callApi(endpoints.getTeam, { signal }),
  });
}

/** GET /api/customer/team/audit: the account's trail, newest first, a page at a time. */
export function useAdvertiserTrail() {
  const advertiserId = useChosenAdvertiser();
  return useInfiniteQuery({
    queryKey: teamKeys.trail(advertiserId),
    queryFn: ({ signal, pageParam }) =>
      callApi(endpoints.getAdvertiserAudit, { signal, query: pageParam === null ? {} : { before: pageParam } }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });
}

/** A change of the team: the team and its trail reload, and so do the user's own accounts. */
function useTeamMutation<Input, Output>(name: string, mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['team', name],
      mutationFn,
      onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all }),
    }),
  );
}

export const useInviteMember = () =>
  useTeamMutation('invite', (body: EndpointBody<typeof endpoints.inviteMember>) =>
    callApi(endpoints.inviteMember, { body }),
  );
export const useResendInvitation = () =>
  useTeamMutation('resend', (id: number) => callApi(endpoints.resendInvitation, { params: { id } }));
export const useWithdrawInvitation = () =>
  useTeamMutation('withdraw', (id: number) => callApi(endpoints.withdrawInvitation, { params: { id } }));
export const useChangeMemberRole = () =>
  useTeamMutation('role', ({ userId, role }: { userId: number; role: AdvertiserRole }) =>
    callApi(endpoints.changeMemberRole, { params: { userId }, body: { role } }),
  );
export const useRemoveMember = () =>
  useTeamMutation('remove', (userId: number) => callApi(endpoints.removeMember, { params: { userId } }));
export const useSetTimeZone = () =>
  useTeamMutation('time-zone', (time_zone: string) =>
    callApi(endpoints.setAdvertiserTimeZone, { body: { time_zone } }),
  );
export const useRenameAdvertiser = () =>
  useTeamMutation('rename', (name: string) => callApi(endpoints.renameAdvertiser, { body: { name } }));

/** POST /api/invitations/preview: what a link is for, before sign-in. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: [...teamKeys.all, 'invitation', token],
    queryFn: ({ signal }) => callApi(endpoints.previewInvitation, { signal, body: { token } }),
    retry: false,
  });
}

export const useAcceptInvitation = () =>
  useTeamMutation('accept', (token: string) => callApi(endpoints.acceptInvitation, { body: { token } }));

export function useSignUpWithInvitation() {
  return useMutation(
    mutationOptions({
      mutationKey: ['team', 'sign-up'],
      mutationFn: (body: EndpointBody<typeof endpoints.signUpWithInvitation>) =>
        callApi(endpoints.signUpWithInvitation, { body }),
    }),
  );
}
/** POST /api/customer/team/leave: the user leaves the account they work in, and works in their first one after. */
export const useLeaveAdvertiser = () =>
  useTeamMutation('leave', async () => {
    const answer = await callApi(endpoints.leaveAdvertiser);
    // Before the lists reload: they must not name the account left.
    advertiserStore.set(null);
    return answer;
  });
