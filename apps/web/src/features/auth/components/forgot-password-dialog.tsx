import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { EmailInput } from '@/components/email-input';
import { FormActions } from '@/components/form-actions';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useForgotPassword } from '../api/forgot-password';

/**
 * FORGOT_PASSWORD: the send button waits for an address, and no format check is shown
 * (docs/product/accounts.md); the server answers the same whether or not the address has an account.
 */
function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();
  const trimmed = email.trim();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || forgot.isPending) return;
        forgot.mutate(trimmed.toLowerCase(), {
          onSuccess: (response) => {
            notifySuccess('Success', response.message);
            onDone();
          },
          onError: (error) => notifyRequestError(error, 'Something went wrong', 'Please try again.'),
        });
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Enter the e-mail address of your account and we will send you a link to set a new password.
        </Text>
        <EmailInput
          label="Email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <FormActions submitLabel="Send reset link" loading={forgot.isPending} disabled={!trimmed} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** FORGOT_PASSWORD ("Forgot password?"). */
export function ForgotPasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Forgot password?" centered>
      <ForgotPasswordForm onDone={onClose} />
    </Dialog>
  );
}
