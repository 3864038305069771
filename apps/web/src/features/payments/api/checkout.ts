import { paymentEndpoints, type EndpointBody } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidate, paymentKeys, staleAfter } from '@/lib/query-keys';

export type SandboxPayBody = EndpointBody<typeof paymentEndpoints.payWithSandbox>;

/** GET /api/checkout/{token}: the link's campaign, amount, what it covers and whether it is open. */
function getCheckout(token: string, signal?: AbortSignal) {
  return callApi(paymentEndpoints.getCheckout, { params: { token }, signal });
}

const checkoutQueryOptions = (token: string) =>
  queryOptions({
    queryKey: paymentKeys.checkout(token),
    queryFn: async ({ signal }) => (await getCheckout(token, signal)).data,
    staleTime: 0,
  });

export function useCheckout(token: string) {
  return useQuery(checkoutQueryOptions(token));
}

/**
 * POST /api/checkout/{token}/pay (the sandbox): with a saved card or a new one. A payment
 * changes this link and what `staleAfter.payment` lists.
 */
export function usePayWithSandbox(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'pay', token],
    mutationFn: (body: SandboxPayBody) => callApi(paymentEndpoints.payWithSandbox, { params: { token }, body }),
    onSuccess: () =>
      Promise.all([
        invalidate(queryClient, staleAfter.payment()),
        // Marked stale only: the page shows the receipt, not the link, from now on.
        queryClient.invalidateQueries({ queryKey: paymentKeys.checkout(token), refetchType: 'none' }),
      ]),
  });
}

/** POST /api/checkout/{token}/session (Stripe): the Checkout Session's address to send the payer to. */
export function useStartCheckoutSession(token: string) {
  return useMutation({
    mutationKey: ['payments', 'session', token],
    mutationFn: () => callApi(paymentEndpoints.startCheckoutSession, { params: { token } }),
  });
}
