import { signupEndpoints } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * GET /api/signup-session: where this browser's unfinished sign-up stands, told by its
 * httpOnly sign-up cookie (sent by the browser itself); `user` is null when there is none.
 */
function getSignupSession(signal?: AbortSignal) {
  return callApi(signupEndpoints.getSignupSession, { signal });
}

const signupSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'signup-session'],
    queryFn: ({ signal }) => getSignupSession(signal),
    // Each visit of the page asks afresh.
    retry: false,
    gcTime: 0,
  });

export function useSignupSession({ enabled }: { enabled: boolean }) {
  return useQuery({ ...signupSessionQueryOptions(), enabled });
}
