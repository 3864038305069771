import { paymentEndpoints } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

/** GET /api/stripe/get-payment-methods: the saved cards. */
function listPaymentMethods(signal?: AbortSignal) {
  return callApi(paymentEndpoints.listPaymentMethods, { signal });
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.cards(),
    queryFn: async ({ signal }) => (await listPaymentMethods(signal)).data,
  });

export function usePaymentMethods(options: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentMethodsQueryOptions(), enabled: options.enabled });
}
