import { Center, Loader } from '@mantine/core';
import { PAYMENT_MESSAGES } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { Dialog } from '@/components/dialog';
import { settings } from '@/config/settings';
import { notifySuccess } from '@/lib/notify';
import { SandboxCardSetupForm } from './sandbox-card-setup-form';

// Stripe's packages and script come only with Stripe configured, and only when a card is added.
const StripeCardSetupForm = lazy(() =>
  import('./stripe-card-setup-form').then((module) => ({ default: module.StripeCardSetupForm })),
);

/**
 * The card form of "Add payment method", opened with a setup intent's `client_secret`: the
 * sandbox's own fields, or Stripe's Payment Element. A saved card closes it with the toast
 * "Card Saved".
 */
export function AddCardModal({ clientSecret, onClose }: { clientSecret: string | null; onClose: () => void }) {
  const saved = () => {
    notifySuccess('Card Saved', PAYMENT_MESSAGES.cardSaved);
    onClose();
  };
  return (
    <Dialog opened={clientSecret !== null} onClose={onClose} title="Add payment method" centered>
      {clientSecret !== null &&
        (settings.paymentProvider === 'stripe' ? (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label="Loading the card form" />
              </Center>
            }
          >
            <StripeCardSetupForm clientSecret={clientSecret} onSaved={saved} onCancel={onClose} />
          </Suspense>
        ) : (
          <SandboxCardSetupForm clientSecret={clientSecret} onSaved={saved} onCancel={onClose} />
        ))}
    </Dialog>
  );
}
