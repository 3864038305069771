import { paymentEndpoints } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidate, staleAfter } from '@/lib/query-keys';

/** POST /api/customer/payment-methods/:id/default: the card automatic payment charges. */
export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'set-default-card'],
    mutationFn: (id: number) => callApi(paymentEndpoints.setDefaultPaymentMethod, { params: { id } }),
    onSuccess: () => invalidate(queryClient, staleAfter.autoPayChange()),
  });
}

/** POST /api/customer/auto-pay: automatic payment on or off. */
export function useSwitchAutoPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'switch-auto-pay'],
    mutationFn: (enabled: boolean) => callApi(paymentEndpoints.setAutoPay, { body: { enabled } }),
    onSuccess: () => invalidate(queryClient, staleAfter.autoPayChange()),
  });
}
