import { paymentEndpoints } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys, type PageQuery } from '@/lib/query-keys';

/** Payment activity shows 5 payments a page (docs/product/payments.md, Payment activity). */
export const ACTIVITY_PAGE_SIZE = 5;

/** GET /api/my-payment-activities: one page of payments, newest first. */
function listPaymentActivities(query: PageQuery, signal?: AbortSignal) {
  // The list has no search box: its search is always empty.
  return callApi(paymentEndpoints.listPaymentActivities, { query: { ...query, search: '' }, signal });
}

const paymentActivitiesQueryOptions = (query: PageQuery) =>
  queryOptions({
    queryKey: paymentKeys.activityList(query),
    queryFn: ({ signal }) => listPaymentActivities(query, signal),
    placeholderData: keepPreviousData,
    // A payment made in another tab shows when this one is back in front.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function usePaymentActivities(query: PageQuery) {
  return useQuery(paymentActivitiesQueryOptions(query));
}
