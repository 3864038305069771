import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ADVERTISER_ROLE_LABELS,
  invitationSignupRequestSchema,
  isAdminRole,
  isSignInChallenge,
  type InvitationPreview,
} from '@portal/contract';
import { IconAlertTriangle, IconMailOpened } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { NewPasswordField } from '@/components/password-checklist';
import { PasswordField } from '@/components/password-field';
import { ProgressBar } from '@/components/request-progress';
import { dashboardPath, paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { showFormError } from '@/lib/form-errors';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { loginPathReturningTo } from '@/lib/return-path';
import { advertiserStore } from '@/stores/advertiser-store';
import { isSignedIn, sessionStore, useSession } from '@/stores/session-store';
import { useAcceptInvitation, useInvitationPreview, useSignUpWithInvitation } from '../api/teams';

/** "the advertiser account Acme, as manager" or "administrators of the portal". */
const joining = (preview: InvitationPreview) =>
  preview.kind === 'admin'
    ? 'the administrators of the portal'
    : `the advertiser account ${preview.advertiser_name ?? ''}${preview.role ? `, as ${ADVERTISER_ROLE_LABELS[preview.role].toLowerCase()}` : ''}`;

/**
 * /invitations/:token (docs/product/teams.md, Invitations): what the link is for, then either
 * joining with the account the visitor is signed in with, or making an account from the link.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const signedIn = useSession(isSignedIn);

  if (preview.isPending) return <ProgressBar />;
  if (preview.isError) {
    const message = isApiError(preview.error) ? preview.error.message : 'This invitation could not be loaded.';
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Invitation
        </Title>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="This link cannot be used" role="alert">
          {message}
        </Alert>
        <Anchor component={Link} to={paths.login}>
          Go to the login page
        </Anchor>
      </Stack>
    );
  }
  const invitation = preview.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        You are invited
      </Title>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconMailOpened size={28} aria-hidden />
        <Text>
          This invitation for <strong>{invitation.email}</strong> is to join {joining(invitation)}. It is valid until{' '}
          {formatDate(invitation.expires_at)} and works once.
        </Text>
      </Group>
      {signedIn ? <AcceptStep token={token} invitation={invitation} /> : <NewAccountStep token={token} />}
    </Stack>
  );
}

/** Signed in: join with this account (the server checks that the address is the invited one). */
function AcceptStep({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const email = useSession((s) => s.user?.email);
  const roleId = useSession((s) => s.user?.type);
  if (invitation.kind === 'admin' || isAdminRole(roleId)) {
    return (
      <Alert color="yellow" title="Sign out first" role="alert">
        This invitation makes a new account. Log out, then open the link again.
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        You are signed in as {email}.
      </Text>
      <Group>
        <Button
          loading={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: (answer) => {
                advertiserStore.set(answer.membership.advertiser_id);
                notifySuccess('Welcome', answer.message);
                navigate(paths.dashboard, { replace: true });
              },
              onError: (error) => notifyRequestError(error, 'Could not join'),
            })
          }
        >
          Join {invitation.advertiser_name}
        </Button>
      </Group>
    </Stack>
  );
}

interface NewAccountValues {
  token: string;
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
}

/** Not signed in: make an account from the link (it proves the address), or log in and come back. */
function NewAccountStep({ token }: { token: string }) {
  const signUp = useSignUpWithInvitation();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<NewAccountValues>({
    initialValues: { token, first_name: '', last_name: '', password: '', password_confirmation: '' },
    validate: schemaResolver(invitationSignupRequestSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: (answer) => {
        // An administrator who must use two-factor sign-in sets it up at the login page.
        if (isSignInChallenge(answer)) {
          notifySuccess('Account created', 'Log in to set up two-factor sign-in.');
          navigate(paths.adminLogin, { replace: true });
          return;
        }
        advertiserStore.set(null);
        sessionStore.signIn(answer);
        navigate(dashboardPath(answer.user_data.role_id), { replace: true });
      },
      onError: (error) => showFormError(form, error, 'Could not create the account'),
    }),
  );
  return (
    <Stack gap="md">
      <Text>
        Already have an account with this address?{' '}
        <Anchor component={Link} to={loginPathReturningTo(paths.login, location)} underline="always">
          Log in to accept
        </Anchor>
        . Otherwise, create your account:
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
          </Group>
          <NewPasswordField label="Password" {...form.getInputProps('password')} />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            {...form.getInputProps('password_confirmation')}
          />
          <Group>
            <Button type="submit" loading={signUp.isPending}>
              Create account and join
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
