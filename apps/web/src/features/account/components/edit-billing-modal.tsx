import { Button, Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { billingFormValues } from '@/components/billing-form/billing-form-values';
import { Dialog } from '@/components/dialog';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { sessionStore, useSession } from '@/stores/session-store';
import { useUpdateBillingInfo } from '../api/update-billing-info';

// The form brings the country and currency lists and the flags: loaded when the dialog opens.
const BillingForm = lazy(() =>
  import('@/components/billing-form/billing-form').then((module) => ({ default: module.BillingForm })),
);

function EditBillingForm({ onClose }: { onClose: () => void }) {
  const billingInfo = useSession((s) => s.billingInfo);
  const update = useUpdateBillingInfo();
  const initialValues = billingFormValues(billingInfo ? { ...billingInfo, type: billingInfo.accountType } : {});
  return (
    <BillingForm
      initialValues={initialValues}
      submitLabel="Save billing details"
      loading={update.isPending}
      secondaryAction={
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      }
      onSubmit={(values) =>
        update.mutateAsync(values, {
          onSuccess: (response) => {
            sessionStore.updateBillingInfo(response.billing_detail);
            notifySuccess('Updated', response.message);
            onClose();
          },
          onError: (error) => notifyRequestError(error, 'Something went wrong', 'Please try again.'),
        })
      }
    />
  );
}

/** EDIT_BILLING: the sign-up billing form, filled with what is stored. */
export function EditBillingModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Billing details" size="lg" centered>
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label="Loading the billing form" />
          </Center>
        }
      >
        <EditBillingForm onClose={onClose} />
      </Suspense>
    </Dialog>
  );
}
