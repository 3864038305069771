import { useParams } from 'react-router';
import { CheckoutView } from '@/features/payments/components/checkout-view';

/** /checkout/:token: the payments feature's checkout. */
export function CheckoutPage() {
  const { token = '' } = useParams();
  return <CheckoutView token={token} />;
}
