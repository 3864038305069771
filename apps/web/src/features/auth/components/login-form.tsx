import { Anchor, Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { loginRequestSchema } from '@portal/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmailInput } from '@/components/email-input';
import { ExternalLink } from '@/components/external-link';
import { PasswordField } from '@/components/password-field';
import { dashboardPath, paths } from '@/config/paths';
import { settings } from '@/config/settings';
import { GENERIC_ERROR_MESSAGE, isApiError } from '@/lib/api-error';
import { notifyRequestError, notifyWarning } from '@/lib/notify';
import { returnPathIn } from '@/lib/return-path';
import { sessionStore } from '@/stores/session-store';
import { useLogin } from '../api/login';
import { incompleteRegistration } from '../utils/registration-status';
import { forgetRememberedEmail, readRememberedEmail, rememberEmail } from '../utils/remember-me';
import { ForgotPassword } from './forgot-password-modal';

/** The documents signing in agrees to, linked under the form. */
function LegalLinks() {
  return (
    <Text size="sm" c="dimmed">
      By continuing, you agree to our{' '}
      <ExternalLink href={settings.termsUrl} underline="always">
        Terms and Conditions
      </ExternalLink>
      ,{' '}
      <ExternalLink href={settings.privacyPolicyUrl} underline="always">
        Privacy Policy
      </ExternalLink>{' '}
      and{' '}
      <ExternalLink href={settings.faqUrl} underline="always">
        FAQ
      </ExternalLink>
      .
    </Text>
  );
}

interface LoginFormValues {
  email: string;
  password: string;
  remember: boolean;
}

export function LoginForm() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const login = useLogin();
  const [rememberedEmail] = useState(readRememberedEmail);
  const form = useForm<LoginFormValues>({
    initialValues: { email: rememberedEmail ?? '', password: '', remember: rememberedEmail !== null },
    validate: schemaResolver(loginRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    if (login.isPending) return;
    // The schema lower-cases the e-mail; what it validated is what is sent.
    const body = loginRequestSchema.parse(values);
    login.mutate(body, {
      onSuccess: (response) => {
        if (body.remember) rememberEmail(body.email);
        else forgetRememberedEmail();
        sessionStore.signIn(response);
        // Back to the page a signed-out visit was sent here from (a path of the portal only), else the dashboard.
        navigate(returnPathIn(search) ?? dashboardPath(response.user_data.role_id), { replace: true });
      },
      onError: (error) => {
        forgetRememberedEmail();
        const incomplete = incompleteRegistration(error);
        if (incomplete) {
          notifyWarning('Some Information is Missing', incomplete.message || GENERIC_ERROR_MESSAGE);
          sessionStore.resumeSignup(incomplete.user);
          navigate(paths.signup);
          return;
        }
        if (isApiError(error) && error.status === 422) {
          form.setErrors(
            Object.fromEntries(Object.entries(error.errors).map(([field, lines]) => [field, lines.join(' ')])),
          );
        }
        notifyRequestError(error);
      },
    });
  });

  return (
    <Stack gap="lg" w="100%" maw={440}>
      <Stack gap={4}>
        <Title order={1}>Welcome Back!</Title>
        <Text c="dimmed">Hope you have a wonderful day!</Text>
      </Stack>

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailInput label="Email" autoComplete="username" {...form.getInputProps('email')} />
          <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
            <ForgotPassword>
              {(open) => (
                <Anchor component="button" type="button" size="sm" onClick={open}>
                  Forgot password?
                </Anchor>
              )}
            </ForgotPassword>
          </Group>
          <Button
            type="submit"
            fullWidth
            leftSection={login.isPending ? <Loader size="xs" color="currentColor" aria-hidden /> : undefined}
          >
            {login.isPending ? 'Logging in' : 'Log into account'}
          </Button>
          <Button component={Link} to={paths.signup} variant="default" fullWidth>
            Create new account
          </Button>
        </Stack>
      </form>

      <LegalLinks />
    </Stack>
  );
}
