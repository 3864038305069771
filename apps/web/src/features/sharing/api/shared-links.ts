import { sharingEndpoints } from '@portal/contract';
import { mutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { sharedLinkKeys } from '@/lib/query-keys';
import { useChosenAdvertiser } from '@/stores/advertiser-store';

/** GET /api/customer/shared-links: the account's active links (the caller's own; every one for owners). */
export function useSharedLinks(enabled: boolean) {
  const advertiserId = useChosenAdvertiser();
  return useQuery({
    enabled,
    queryKey: sharedLinkKeys.list(advertiserId),
    queryFn: ({ signal }) => callApi(sharingEndpoints.listSharedLinks, { signal }),
  });
}

/** DELETE /api/customer/shared-links/{id}: the link stops working at once. */
export function useRevokeSharedLink() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['shared-links', 'revoke'],
      mutationFn: (id: number) => callApi(sharingEndpoints.revokeSharedLink, { params: { id } }),
      onSettled: () => client.invalidateQueries({ queryKey: sharedLinkKeys.all }),
    }),
  );
}

/**
 * What a public link shows. Each answer counts a view, so it is asked once per page load: never
 * again on focus or reconnection, and a refusal (404, 429) is not retried.
 */
const oncePerVisit = { staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false } as const;

/** GET /api/shared/preview/{token}: the ad of a preview link. */
export function useSharedPreview(token: string) {
  return useQuery({
    queryKey: sharedLinkKeys.shown('preview', token),
    queryFn: ({ signal }) => callApi(sharingEndpoints.sharedPreview, { signal, params: { token } }),
    ...oncePerVisit,
  });
}

/** GET /api/shared/report/{token}: the report of a report link. */
export function useSharedReport(token: string) {
  return useQuery({
    queryKey: sharedLinkKeys.shown('report', token),
    queryFn: ({ signal }) => callApi(sharingEndpoints.sharedReport, { signal, params: { token } }),
    ...oncePerVisit,
  });
}
