import { Alert, Stack, useComputedColorScheme } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState } from 'react';
import { settings } from '@/config/settings';
import { notifyRequestError } from '@/lib/notify';
import { useAddPaymentMethod } from '../api/add-payment-method';
import { CardFormFooter } from './card-form-footer';

/**
 * Saving a card with Stripe (docs/product/payments.md, Cards): Stripe's Payment Element
 * confirms the setup intent with Stripe, so the card number never reaches the portal, then
 * POST /stripe/add-payment-method keeps the payment method it made. This module, and with it
 * Stripe's script, is loaded only when a customer adds a card with Stripe configured.
 */

let stripePromise: Promise<Stripe | null> | undefined;

/** Stripe.js, loaded once with the publishable key of the run-time settings. */
function stripe(publishableKey: string): Promise<Stripe | null> {
  stripePromise ??= loadStripe(publishableKey);
  return stripePromise;
}

function StripeSetupForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const stripeJs = useStripe();
  const elements = useElements();
  const add = useAddPaymentMethod();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string>();
  const pending = confirming || add.isPending;

  const submit = async () => {
    if (!stripeJs || !elements || pending) return;
    setProblem(undefined);
    setConfirming(true);
    const result = await stripeJs
      .confirmSetup({
        elements,
        redirect: 'if_required',
        // Only a payment method that must leave the page comes back here.
        confirmParams: { return_url: window.location.href },
      })
      .finally(() => setConfirming(false));
    if (result.error) {
      setProblem(result.error.message ?? 'Your card could not be saved.');
      return;
    }
    const method = result.setupIntent.payment_method;
    const paymentMethodId = typeof method === 'string' ? method : method?.id;
    if (!paymentMethodId) {
      setProblem('Your card could not be saved.');
      return;
    }
    add.mutate(paymentMethodId, {
      onSuccess: onSaved,
      onError: (error) => notifyRequestError(error, 'Something went wrong'),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <PaymentElement options={{ layout: 'tabs' }} />
        <CardFormFooter problem={problem} pending={pending} disabled={!stripeJs || !elements} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

export function StripeCardSetupForm({
  clientSecret,
  onSaved,
  onCancel,
}: {
  clientSecret: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const colorScheme = useComputedColorScheme('light');
  const publishableKey = settings.cardPublishableKey;
  if (!publishableKey) {
    return (
      <Alert color="red" variant="light" role="alert">
        Card payments are not set up. Please try again later.
      </Alert>
    );
  }
  return (
    <Elements
      stripe={stripe(publishableKey)}
      options={{ clientSecret, appearance: { theme: colorScheme === 'dark' ? 'night' : 'stripe' } }}
    >
      <StripeSetupForm onSaved={onSaved} onCancel={onCancel} />
    </Elements>
  );
}
