import { apiTokenEndpoints, type CreateApiTokenRequest } from '@portal/contract';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

// Shown on My account alone, so the key stays beside its calls (like the sessions').
const API_TOKENS_KEY = ['account', 'api-tokens'] as const;

/** GET /api/customer/api-tokens: the user's tokens that are neither revoked nor expired, newest first. */
export function useApiTokens(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: API_TOKENS_KEY,
      queryFn: ({ signal }) => callApi(apiTokenEndpoints.listApiTokens, { signal }),
      enabled,
    }),
  );
}

/** POST /api/customer/api-tokens: the answer holds the token itself, shown this once. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['account', 'create-api-token'],
      mutationFn: (body: CreateApiTokenRequest) => callApi(apiTokenEndpoints.createApiToken, { body }),
      onSettled: () => client.invalidateQueries({ queryKey: API_TOKENS_KEY }),
    }),
  );
}

/** DELETE /api/customer/api-tokens/:id: refused from the next request on. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['account', 'revoke-api-token'],
      mutationFn: (id: number) => callApi(apiTokenEndpoints.revokeApiToken, { params: { id } }),
      // After a 404 too: the token was already gone, and the list should say so.
      onSettled: () => client.invalidateQueries({ queryKey: API_TOKENS_KEY }),
    }),
  );
}
