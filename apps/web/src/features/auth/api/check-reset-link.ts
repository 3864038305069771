import { authEndpoints } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /api/reset-password/{linkhash}: 200 while the link can still be used, 422 with the reason if not. */
function checkResetLink(linkhash: string, signal?: AbortSignal) {
  return callApi(authEndpoints.checkResetLink, { params: { linkhash }, signal });
}

const resetLinkQueryOptions = (linkhash: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-link', linkhash],
    queryFn: ({ signal }) => checkResetLink(linkhash, signal),
    // A link is checked once per visit; using it is what changes its state.
    staleTime: Infinity,
  });

export function useResetLink(linkhash: string) {
  return useQuery(resetLinkQueryOptions(linkhash));
}
