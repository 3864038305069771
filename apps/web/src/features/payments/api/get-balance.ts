import { paymentEndpoints } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

/** GET /api/customer/balance: Total Amount Due and each campaign due. */
function getBalance(signal?: AbortSignal) {
  return callApi(paymentEndpoints.getBalance, { signal });
}

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.balance(),
    queryFn: async ({ signal }) => (await getBalance(signal)).data,
    // Campaigns are paid in another tab: coming back to this one shows the new balance.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
