import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { notifySuccess } from '@/lib/notify';
import { sessionStore } from '@/stores/session-store';
import { useSaveBillingDetails } from '../api/save-billing-details';
import { notifySignupError } from '../utils/signup-errors';

// The form brings the country and currency lists and the flags: loaded when this step shows.
const BillingForm = lazy(() =>
  import('@/components/billing-form/billing-form').then((module) => ({ default: module.BillingForm })),
);

/** Sign-up step 3 → 4: billing details; saving them completes the account and signs the user in. */
export function SignupBillingForm({ userId }: { userId: number }) {
  const save = useSaveBillingDetails();
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Loading the billing form" />
        </Center>
      }
    >
      <BillingForm
        submitLabel="Complete sign-up"
        loading={save.isPending}
        onSubmit={(values) =>
          save.mutateAsync(
            { user_id: userId, ...values },
            {
              onSuccess: (response) => {
                sessionStore.completeSignup(response);
                notifySuccess('Registered', response.message);
              },
              onError: notifySignupError,
            },
          )
        }
      />
    </Suspense>
  );
}
