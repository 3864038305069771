import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { resetPasswordRequestSchema } from '@portal/contract';
import { NewPasswordField } from '@/components/password-checklist';
import { PasswordField } from '@/components/password-field';
import status from '@/components/status-colors.module.css';
import { showFormError } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';

interface ResetFormValues {
  password: string;
  password_confirmation: string;
}

/** The live hint under the confirmation (docs/product/accounts.md): nothing until something is typed. */
function MatchHint({ password, confirmation }: { password: string; confirmation: string }) {
  if (!confirmation) return null;
  const match = password === confirmation;
  return (
    <span className={match ? status.ok : status.bad} aria-live="polite">
      {match ? 'Match!' : 'Mismatch'}
    </span>
  );
}

/** The reset page's form: a new password with the checklist, and its confirmation. */
export function ResetPasswordForm({ linkhash, onDone }: { linkhash: string; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useForm<ResetFormValues>({
    initialValues: { password: '', password_confirmation: '' },
    validate: schemaResolver(resetPasswordRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    if (reset.isPending) return;
    reset.mutate(
      { linkhash, ...values },
      {
        onSuccess: onDone,
        onError: (error) => showFormError(form, error, 'Something went wrong', 'Please try again.'),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NewPasswordField label="New password" {...form.getInputProps('password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={<MatchHint password={form.values.password} confirmation={form.values.password_confirmation} />}
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Update password
        </Button>
      </Stack>
    </form>
  );
}
