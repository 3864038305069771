import { insightsEndpoints } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApiMultipart } from '@/lib/api-client';
import { invalidate, staleAfter } from '@/lib/query-keys';

/**
 * POST /api/campaign/add-update-performance-stats/{id} (docs/product/insights.md, Statistics
 * entries): a new entry of the campaign's figures, sent as multipart with the fields the Edit
 * metrics dialog writes. Everything that shows figures reloads: the review queue and page, the
 * dashboards' sums and tiles, the analytics cards and the customer's lists.
 */
export function useSaveStatistics(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['insights', 'statistics-entry', id],
    mutationFn: (fields: Record<string, string>) =>
      callApiMultipart(insightsEndpoints.saveStatistics, { params: { id }, fields }),
    onSuccess: () => invalidate(queryClient, staleAfter.figuresSaved(id)),
  });
}
