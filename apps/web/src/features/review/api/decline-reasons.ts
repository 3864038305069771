import { reviewEndpoints } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { reviewKeys } from '@/lib/query-keys';

/** GET /api/admin/decline-reasons: every reason, retired ones included. */
export function useDeclineReasons() {
  return useQuery({
    queryKey: reviewKeys.declineReasons(),
    queryFn: async ({ signal }) => (await callApi(reviewEndpoints.listDeclineReasons, { signal })).data,
  });
}

/** GET /api/admin/decline-reasons/counts: declines per reason in each of the last 12 months. */
export function useDeclineCounts() {
  return useQuery({
    queryKey: reviewKeys.declineCounts(),
    queryFn: ({ signal }) => callApi(reviewEndpoints.declineCounts, { signal }),
    staleTime: 0,
  });
}

/** POST /api/admin/decline-reasons: adds a reason; the list and the counts reload. */
export function useAddDeclineReason() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['review', 'add-decline-reason'],
    mutationFn: (body: { code: string; text: string }) => callApi(reviewEndpoints.createDeclineReason, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.declineReasons() }),
  });
}

/** PATCH /api/admin/decline-reasons/{code}: renames, retires or brings back a reason. */
export function useUpdateDeclineReason() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['review', 'update-decline-reason'],
    mutationFn: ({ code, ...body }: { code: string; text?: string; retired?: boolean }) =>
      callApi(reviewEndpoints.updateDeclineReason, { params: { code }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.declineReasons() }),
  });
}
