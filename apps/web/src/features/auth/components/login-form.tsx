import { Alert, Anchor, Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isSignInChallenge, loginRequestSchema, type LoginResponse, type SignInChallenge } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmailInput } from '@/components/email-input';
import { ExternalLink } from '@/components/external-link';
import { PasswordField } from '@/components/password-field';
import { dashboardPath, paths } from '@/config/paths';
import { settings } from '@/config/settings';
import { GENERIC_ERROR_MESSAGE, isApiError } from '@/lib/api-error';
import { notifyRequestError, notifyWarning } from '@/lib/notify';
import { returnPathIn } from '@/lib/return-path';
import { useStepFocus } from '@/lib/use-step-focus';
import { sessionStore } from '@/stores/session-store';
import { useLogin } from '../api/login';
import { incompleteRegistration } from '../utils/registration-status';
import { forgetRememberedEmail, readRememberedEmail, rememberEmail } from '../utils/remember-me';
import { ForgotPassword } from './forgot-password-modal';

/*
 * The second step of a login loads when a login asks for it: most have none, and the login page
 * stays within its 200 KiB budget (README, Measurements). Each step puts the focus on its start
 * as it mounts, since it may arrive after the step has changed.
 */
const TwoFactorStep = lazy(() => import('./two-factor-step').then((module) => ({ default: module.TwoFactorStep })));
const SignInEnrolmentStep = lazy(() =>
  import('./sign-in-enrolment-step').then((module) => ({ default: module.SignInEnrolmentStep })),
);

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

/** Where a login stands: the password, or the second step its answer asked for. */
type LoginStep = { name: 'password'; notice?: string } | { name: 'second-factor'; challenge: SignInChallenge };

/**
 * The login page's form: the password, then, for a user with two-factor sign-in (or an
 * administrator who must set it up), the second step the answer asks for. A second step that
 * ends without a session comes back here with the message, the e-mail kept.
 */
export function LoginForm() {
  const [step, setStep] = useState<LoginStep>({ name: 'password' });
  const [email, setEmail] = useState<string | null>(null);
  const signIn = useSignIn();
  const container = useStepFocus<HTMLDivElement>(step.name === 'password' ? 'password' : step.challenge.challenge);
  const restart = (notice?: string) => setStep({ name: 'password', notice });

  return (
    <Stack gap="lg" w="100%" maw={440} ref={container}>
      {step.name === 'password' ? (
        <PasswordStep
          initialEmail={email}
          notice={step.notice}
          onChallenge={(challenge, typed) => {
            setEmail(typed);
            setStep({ name: 'second-factor', challenge });
          }}
          onSignedIn={signIn}
        />
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
          {step.challenge.challenge === 'code' ? (
            <TwoFactorStep challenge={step.challenge} onSignedIn={signIn} onRestart={restart} />
          ) : (
            <SignInEnrolmentStep challenge={step.challenge} onSignedIn={signIn} onRestart={restart} />
          )}
        </Suspense>
      )}
      <LegalLinks />
    </Stack>
  );
}

/** Keeps the session and goes back to the page a signed-out visit was sent here from (a path of the portal only), else the dashboard. */
function useSignIn() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (response: LoginResponse) => {
    sessionStore.signIn(response);
    navigate(returnPathIn(search) ?? dashboardPath(response.user_data.role_id), { replace: true });
  };
}

/** The password step's heading, and why a login came back to it from its second step. */
function Greeting({ notice }: { notice?: string }) {
  return (
    <>
      <Stack gap={4}>
        <Title order={1}>Welcome Back!</Title>
        <Text c="dimmed">Hope you have a wonderful day!</Text>
      </Stack>
      {notice && (
        <Alert color="yellow" variant="light" role="alert">
          {notice}
        </Alert>
      )}
    </>
  );
}

interface PasswordStepProps {
  /** The e-mail of a login that came back from its second step; else the remembered one. */
  initialEmail: string | null;
  /** Why the login came back from its second step. */
  notice?: string;
  onChallenge: (challenge: SignInChallenge, email: string) => void;
  onSignedIn: (response: LoginResponse) => void;
}

function PasswordStep({ initialEmail, notice, onChallenge, onSignedIn }: PasswordStepProps) {
  const navigate = useNavigate();
  const login = useLogin();
  const [rememberedEmail] = useState(readRememberedEmail);
  const form = useForm<LoginFormValues>({
    initialValues: {
      email: initialEmail ?? rememberedEmail ?? '',
      password: '',
      remember: rememberedEmail !== null,
    },
    validate: schemaResolver(loginRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    if (login.isPending) return;
    // The schema lower-cases the e-mail; what it validated is what is sent.
    const body = loginRequestSchema.parse(values);
    login.mutate(body, {
      onSuccess: (answer) => {
        if (body.remember) rememberEmail(body.email);
        else forgetRememberedEmail();
        if (isSignInChallenge(answer)) onChallenge(answer, body.email);
        else onSignedIn(answer);
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
    <>
      <Greeting notice={notice} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailInput label="Email" autoComplete="username" {...form.getInputProps('email')} />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            // Back from a second step: the password is typed again, so the focus waits there.
            data-autofocus={notice !== undefined || undefined}
            {...form.getInputProps('password')}
          />
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
    </>
  );
}
