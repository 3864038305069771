import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { campaignKeys } from '@/features/campaigns/api/campaign-keys';
import { CheckoutView } from '@/features/payments/components/checkout-view';

/**
 * /checkout/:token: the payments feature's checkout. A payment makes the campaign paid, so the
 * campaigns feature's lists reload too (the payments feature cannot name their keys).
 */
export function CheckoutPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  return (
    <CheckoutView token={token} onPaid={() => void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() })} />
  );
}
