import { paymentEndpoints } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

/** GET /api/receipts/{id}: a payment with the billing details as they were when it was made. */
function getReceipt(id: number, signal?: AbortSignal) {
  return callApi(paymentEndpoints.getReceipt, { params: { id }, signal });
}

const receiptQueryOptions = (id: number) =>
  queryOptions({
    queryKey: paymentKeys.receipt(id),
    queryFn: async ({ signal }) => (await getReceipt(id, signal)).data,
  });

export function useReceipt(id: number) {
  return useQuery(receiptQueryOptions(id));
}
