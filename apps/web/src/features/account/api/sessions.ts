import { authEndpoints } from '@portal/contract';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

const SESSIONS_KEY = ['account', 'sessions'] as const;

/** GET /api/customer/sessions: the user's sessions that stand, newest first, this one marked. */
const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => callApi(authEndpoints.listSessions, { signal }),
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** DELETE /api/customer/sessions/:id: another session is signed out in every process at once. */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['account', 'revoke-session'],
      mutationFn: (id: string) => callApi(authEndpoints.revokeSession, { params: { id } }),
      // After a 404 too: the session had already ended, and the list should say so.
      onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
    }),
  );
}

/** POST /api/customer/sessions/revoke-others: every session but this one is signed out. */
export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['account', 'revoke-other-sessions'],
      mutationFn: () => callApi(authEndpoints.revokeOtherSessions),
      onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
    }),
  );
}
