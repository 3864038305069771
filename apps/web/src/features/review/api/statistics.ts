import { insightsEndpoints } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiMultipart } from '@/lib/api-client';
import { reviewKeys } from './review-keys';

/**
 * POST /api/campaign/add-update-performance-stats/{id} (docs/product/insights.md, Statistics
 * entries): a new entry of the campaign's figures, sent as multipart with the fields the Edit
 * metrics dialog writes. The review queue and the review page reload, since both show figures.
 */
export function useSaveStatistics(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['review', 'statistics', id],
    mutationFn: (fields: Record<string, string>) =>
      callApiMultipart(insightsEndpoints.saveStatistics, { params: { id }, fields }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.requests() }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.campaign(id) }),
      ]),
  });
}
