import { accountEndpoints } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /api/customer/current-session: where and on what the signed-in session runs. */
function getCurrentSession(signal?: AbortSignal) {
  return callApi(accountEndpoints.getCurrentSession, { signal });
}

const currentSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'current-session'],
    queryFn: ({ signal }) => getCurrentSession(signal),
  });

export function useCurrentSession() {
  return useQuery(currentSessionQueryOptions());
}
