import { paymentEndpoints } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidate, staleAfter } from '@/lib/query-keys';

/** POST /api/stripe/add-payment-method: keeps a card the provider confirmed. */
function addPaymentMethod(paymentMethodId: string) {
  return callApi(paymentEndpoints.addPaymentMethod, { body: { payment_method_id: paymentMethodId } });
}

/** Saving a card changes the cards, nothing else. */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'add-payment-method'],
    mutationFn: addPaymentMethod,
    onSuccess: () => invalidate(queryClient, staleAfter.cardAdded()),
  });
}
