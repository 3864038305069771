import { Button, Stack, Text, Title } from '@mantine/core';
import {
  TWO_FACTOR_MESSAGES,
  type EnrolledLoginResponse,
  type LoginResponse,
  type SignInChallenge,
} from '@portal/contract';
import { useEffect, useState } from 'react';
import { EnrolmentForm } from '@/components/two-factor/enrolment-form';
import { RecoveryCodes } from '@/components/two-factor/recovery-codes';
import { notifyRequestError } from '@/lib/notify';
import { useStepFocus } from '@/lib/use-step-focus';
import { useConfirmSignInEnrolment, useStartSignInEnrolment } from '../api/two-factor-sign-in';
import { secondStepFailure } from '../utils/second-step-errors';

interface SignInEnrolmentStepProps {
  challenge: SignInChallenge;
  onSignedIn: (response: LoginResponse) => void;
  onRestart: (notice?: string) => void;
}

/**
 * An administrator whom the portal requires to use two-factor sign-in sets it up within the
 * login: the key, its first code, then the recovery codes; "I have saved them" signs in. (The
 * session waits until then: signing in at once would leave the login page before the codes.)
 */
export function SignInEnrolmentStep({ challenge, onSignedIn, onRestart }: SignInEnrolmentStepProps) {
  const start = useStartSignInEnrolment();
  const confirm = useConfirmSignInEnrolment();
  const [enrolled, setEnrolled] = useState<EnrolledLoginResponse | null>(null);
  const [error, setError] = useState<string>();
  // Each part replaces the one whose button was pressed: the focus goes to the new part's start.
  const container = useStepFocus<HTMLDivElement>(enrolled ? 'codes' : start.data ? 'form' : 'start');
  // Shown once the password was accepted: the keyboard starts on "Set up my authenticator app".
  useEffect(() => container.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus(), [container]);

  const failed = (failure: unknown) => {
    const outcome = secondStepFailure(failure);
    if (outcome.kind === 'restart') onRestart(outcome.message);
    else if (outcome.kind === 'field') setError(outcome.message);
    else notifyRequestError(failure);
  };

  if (enrolled) {
    return (
      <Stack gap="lg" ref={container}>
        <Title order={1} tabIndex={-1} data-autofocus>
          Save your recovery codes
        </Title>
        <RecoveryCodes codes={enrolled.recovery_codes} onSaved={() => onSignedIn(enrolled)} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" ref={container}>
      <Stack gap={4}>
        <Title order={1}>Set up two-factor sign-in</Title>
        <Text c="dimmed">{TWO_FACTOR_MESSAGES.enrolmentNeeded}</Text>
      </Stack>
      {start.data ? (
        <EnrolmentForm
          enrolment={start.data.data}
          confirming={confirm.isPending}
          error={error}
          onConfirm={(code) =>
            confirm.mutate(
              { challenge_token: challenge.challenge_token, code },
              { onSuccess: setEnrolled, onError: failed },
            )
          }
          actions={
            <Button type="submit" fullWidth loading={confirm.isPending}>
              Turn on and sign in
            </Button>
          }
        />
      ) : (
        <Button
          fullWidth
          data-autofocus
          loading={start.isPending}
          onClick={() => start.mutate(challenge.challenge_token, { onError: failed })}
        >
          Set up my authenticator app
        </Button>
      )}
      <Button variant="default" fullWidth onClick={() => onRestart()}>
        Back to login
      </Button>
    </Stack>
  );
}
