import { Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordRequestSchema } from '@portal/contract';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { NewPasswordField } from '@/components/password-checklist';
import { PasswordField } from '@/components/password-field';
import { ProgressSuccess } from '@/components/progress-success';
import { FormActions } from '@/components/form-actions';
import { endSession } from '@/lib/end-session';
import { showFormError } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordValues {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}

function ChangePasswordForm({ onChanged, onCancel }: { onChanged: () => void; onCancel: () => void }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    initialValues: { current_password: '', new_password: '', new_password_confirmation: '' },
    validate: schemaResolver(changePasswordRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    if (change.isPending) return;
    change.mutate(values, {
      onSuccess: onChanged,
      onError: (error) => showFormError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('current_password')}
        />
        <NewPasswordField label="New password" {...form.getInputProps('new_password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...form.getInputProps('new_password_confirmation')}
        />
        <FormActions submitLabel="Update password" loading={change.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/**
 * CHANGE_PASSWORD → PASSWORD_CHANGE_SUCCESS. A changed password ends every session of the
 * user, this one included (docs/product/accounts.md): after the success screen the session is cleared and
 * the user logs in again with the new password. That is the expected end, not an error.
 */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [changed, setChanged] = useState(false);
  return (
    <Dialog
      opened={opened}
      // Once changed, closing early only skips the wait: the session is over either way.
      onClose={changed ? endSession : onClose}
      title={changed ? 'Password changed' : 'Change password'}
      centered
    >
      {changed ? (
        <ProgressSuccess
          title="Password updated!"
          message="You'll have to login using your new password"
          progressLabel="Going to the login page"
          onDone={endSession}
        />
      ) : (
        <ChangePasswordForm onChanged={() => setChanged(true)} onCancel={onClose} />
      )}
    </Dialog>
  );
}
