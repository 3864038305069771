import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { registerRequestSchema, type RegistrationUser } from '@portal/contract';
import { EmailInput } from '@/components/email-input';
import { NewPasswordField } from '@/components/password-checklist';
import { GENERIC_ERROR_MESSAGE } from '@/lib/api-error';
import { showFormError } from '@/lib/form-errors';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { sessionStore } from '@/stores/session-store';
import { useRegister } from '../api/register';
import { alreadyRegistered, incompleteRegistration } from '../utils/registration-status';

interface AccountFormValues {
  email: string;
  password: string;
}

// The confirmation is sent equal to the password (docs/product/accounts.md): one field, with a
// show/hide toggle to check it by eye, stands for both.
const withConfirmation = (values: AccountFormValues) => ({ ...values, password_confirmation: values.password });
const validateRegister = schemaResolver(registerRequestSchema, { sync: true });

/**
 * Sign-up step 1: e-mail and password. Success, or an unfinished account whose password
 * matched, hands the registered user to `onRegistered` (step 1 opens the code dialog).
 */
export function SignupAccountForm({ onRegistered }: { onRegistered: (user: RegistrationUser) => void }) {
  const register = useRegister();
  const form = useForm<AccountFormValues>({
    initialValues: { email: '', password: '' },
    validate: (values) => validateRegister(withConfirmation(values)),
  });

  const submit = form.onSubmit((values) => {
    if (register.isPending) return;
    const body = registerRequestSchema.parse(withConfirmation(values));
    register.mutate(body, {
      onSuccess: (response) => {
        notifySuccess('Success', response.message);
        sessionStore.resumeSignup(response.user);
        onRegistered(response.user);
      },
      onError: (error) => {
        const incomplete = incompleteRegistration(error);
        if (incomplete) {
          notifyWarning('Some Information is Missing', incomplete.message || GENERIC_ERROR_MESSAGE);
          sessionStore.resumeSignup(incomplete.user);
          onRegistered(incomplete.user);
          return;
        }
        const complete = alreadyRegistered(error);
        if (complete) {
          notifyWarning('Already Registered', complete.message || GENERIC_ERROR_MESSAGE);
          return;
        }
        showFormError(form, error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailInput label="Email" autoComplete="email" {...form.getInputProps('email')} />
        <NewPasswordField label="Password" {...form.getInputProps('password')} />
        <Button type="submit" fullWidth loading={register.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
