import { sharingEndpoints } from '@portal/contract';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { sharedLinkKeys } from '@/lib/query-keys';

/**
 * POST /api/customer/shared-links with a preview: a read-only link to the campaign's ad for 7
 * days (docs/product/campaigns.md, Preview share links). My account's list reloads.
 */
export function useSharePreview() {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: ['shared-links', 'preview'],
      mutationFn: (campaignId: number) =>
        callApi(sharingEndpoints.createSharedLink, { body: { kind: 'preview', campaign_id: campaignId } }),
      onSettled: () => client.invalidateQueries({ queryKey: sharedLinkKeys.all }),
    }),
  );
}
