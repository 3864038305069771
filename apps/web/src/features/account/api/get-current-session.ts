import { currentSessionResponseSchema, type CurrentSessionResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/customer/current-session: where and on what the signed-in session runs. */
export function getCurrentSession(signal?: AbortSignal): Promise<CurrentSessionResponse> {
  return apiClient.get('/customer/current-session', { signal, schema: currentSessionResponseSchema });
}

export const currentSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'current-session'],
    queryFn: ({ signal }) => getCurrentSession(signal),
  });

export function useCurrentSession() {
  return useQuery(currentSessionQueryOptions());
}
