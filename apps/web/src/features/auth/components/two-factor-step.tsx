import { Button, Stack, Text, Title } from '@mantine/core';
import { TWO_FACTOR_MESSAGES, type LoginResponse, type SignInChallenge } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import {
  parseSecondFactor,
  SecondFactorField,
  type SecondFactorKind,
} from '@/components/two-factor/second-factor-field';
import { notifyRequestError } from '@/lib/notify';
import { useVerifySignIn } from '../api/two-factor-sign-in';
import { secondStepFailure } from '../utils/second-step-errors';

interface TwoFactorStepProps {
  challenge: SignInChallenge;
  onSignedIn: (response: LoginResponse) => void;
  /** Back to the password, with why when the challenge is over. */
  onRestart: (notice?: string) => void;
}

/**
 * The second step of a login with two-factor sign-in on: the code of the authenticator app, or
 * a recovery code instead. A wrong code empties the field and says so under it; the fifth, or
 * an expired step, goes back to the password.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const verify = useVerifySignIn();
  const [kind, setKind] = useState<SecondFactorKind>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  // Shown once the password was accepted: the code field is where the keyboard goes.
  useEffect(() => form.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus(), []);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const parsed = parseSecondFactor(kind, value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    verify.mutate(
      { challenge_token: challenge.challenge_token, [kind]: parsed.value },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          const outcome = secondStepFailure(failure);
          if (outcome.kind === 'restart') onRestart(outcome.message);
          else if (outcome.kind === 'field') {
            setValue('');
            setError(outcome.message);
          } else notifyRequestError(failure);
        },
      },
    );
  };

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Two-factor sign-in</Title>
          <Text c="dimmed">
            {kind === 'code' ? TWO_FACTOR_MESSAGES.codeNeeded : 'Enter one of the recovery codes you saved.'}
          </Text>
        </Stack>
        <SecondFactorField
          kind={kind}
          onKindChange={(next) => {
            setKind(next);
            setError(undefined);
          }}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          error={error}
          autoFocusStep
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        <Button variant="default" fullWidth onClick={() => onRestart()}>
          Back to login
        </Button>
      </Stack>
    </form>
  );
}
