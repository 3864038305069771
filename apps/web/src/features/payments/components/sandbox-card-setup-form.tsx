import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { notifyRequestError } from '@/lib/notify';
import { useAddPaymentMethod } from '../api/add-payment-method';
import { useConfirmSandboxSetup } from '../api/confirm-sandbox-setup';
import { cardFormErrors, cardServerErrors } from '../utils/card-form';
import { CardFormFooter } from './card-form-footer';
import { SandboxCardFields, useCardFields } from './sandbox-card-fields';

/**
 * Saving a card in the sandbox: the portal's own fields, checked as the sandbox checks them
 * before anything is sent, then POST /sandbox/confirm-setup with the setup intent's secret and
 * POST /stripe/add-payment-method with the payment method it answers.
 */
export function SandboxCardSetupForm({
  clientSecret,
  onSaved,
  onCancel,
}: {
  clientSecret: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { values, setErrors, fields } = useCardFields();
  const [problem, setProblem] = useState<string>();
  const focusFirstInvalid = useFocusFirstInvalid();
  const confirm = useConfirmSandboxSetup();
  const add = useAddPaymentMethod();
  const pending = confirm.isPending || add.isPending;

  const submit = async (form: HTMLFormElement) => {
    if (pending) return;
    setProblem(undefined);
    const invalid = cardFormErrors(values, new Date());
    setErrors(invalid ?? {});
    if (invalid) {
      focusFirstInvalid(form);
      return;
    }
    try {
      const confirmed = await confirm.mutateAsync({ client_secret: clientSecret, ...values });
      await add.mutateAsync(confirmed.payment_method_id);
      onSaved();
    } catch (error) {
      const refused = cardServerErrors(error);
      if (!refused) {
        notifyRequestError(error, 'Something went wrong');
        return;
      }
      setErrors(refused.fields);
      if (refused.other.length > 0) setProblem(refused.other.join(' '));
      // The field at fault; with none, the dialog gives Save card its focus back.
      focusFirstInvalid(form);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <Stack gap="md">
        <SandboxCardFields {...fields} />
        <CardFormFooter problem={problem} pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
