import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { emailChangeRequestSchema, otpSchema } from '@portal/contract';
import { useState } from 'react';
import { CodeInput } from '@/components/code-input';
import { ProgressSuccess } from '@/components/progress-success';
import { isApiError } from '@/lib/api-error';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { sessionStore } from '@/stores/session-store';
import { useRequestEmailChange } from '../api/request-email-change';
import { useResendEmailChangeCode } from '../api/resend-email-change-code';
import { useVerifyEmailChange } from '../api/verify-email-change';

type Step = 'CHANGE_EMAIL' | 'VERIFY_EMAIL_UPDATE' | 'EMAIL_CHANGE_SUCCESS';

const TITLES: Record<Step, string> = {
  CHANGE_EMAIL: 'Change email',
  VERIFY_EMAIL_UPDATE: 'Verify your new email',
  EMAIL_CHANGE_SUCCESS: 'Email changed',
};

const ERROR_TITLE = 'Something went wrong';

function NewEmailForm({ onSent, onCancel }: { onSent: (email: string) => void; onCancel: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestEmailChange();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (request.isPending) return;
        const parsed = emailChangeRequestSchema.safeParse({ new_email: email });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        const newEmail = parsed.data.new_email;
        request.mutate(newEmail, {
          onSuccess: (response) => {
            notifySuccess('Verification code sent', response.message);
            onSent(newEmail);
          },
          onError: (failure) => {
            // 409 (taken) and 422 (the current address) are about the field itself.
            if (isApiError(failure) && (failure.status === 409 || failure.status === 422)) {
              setError(failure.errors.new_email?.join(' ') || failure.serverMessage);
            }
            notifyRequestError(failure, ERROR_TITLE, 'Please try again.');
          },
        });
      }}
    >
      <Stack gap="md">
        <Text size="sm">We will send a 6-digit code to the new address to make sure it is yours.</Text>
        <TextInput
          label="New email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!email.trim()} loading={request.isPending}>
            Send verification code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function VerifyNewEmailForm({ newEmail, onVerified }: { newEmail: string; onVerified: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifyEmailChange();
  const resend = useResendEmailChangeCode();

  const submit = (value: string) => {
    if (verify.isPending) return;
    const parsed = otpSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    verify.mutate(
      { new_email: newEmail, otp: parsed.data },
      {
        onSuccess: (response) => {
          sessionStore.updateEmail(response.new_email);
          notifySuccess('Updated', response.message);
          onVerified();
        },
        onError: (failure) => {
          setCode('');
          notifyRequestError(failure, ERROR_TITLE, 'Please try again.');
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Enter the 6-digit code we sent to <strong style={{ overflowWrap: 'anywhere' }}>{newEmail}</strong>.
        </Text>
        <CodeInput
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          onComplete={submit}
          error={error}
          disabled={verify.isPending}
        />
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(newEmail, {
                onSuccess: (response) => {
                  setCode('');
                  notifySuccess('Code resent', response.message);
                },
                onError: (failure) => notifyRequestError(failure, ERROR_TITLE, 'Please try again.'),
              })
            }
          >
            Send new code
          </Button>
          <Button type="submit" loading={verify.isPending}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** CHANGE_EMAIL → VERIFY_EMAIL_UPDATE → EMAIL_CHANGE_SUCCESS, one dialog whose content moves on. */
export function ChangeEmailModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>('CHANGE_EMAIL');
  const [newEmail, setNewEmail] = useState('');

  // Closed dialogs keep no state: the next opening starts again at the first step.
  const close = () => {
    onClose();
    setStep('CHANGE_EMAIL');
    setNewEmail('');
  };

  return (
    <Modal opened={opened} onClose={close} title={TITLES[step]} centered>
      {step === 'CHANGE_EMAIL' && (
        <NewEmailForm
          onCancel={close}
          onSent={(email) => {
            setNewEmail(email);
            setStep('VERIFY_EMAIL_UPDATE');
          }}
        />
      )}
      {step === 'VERIFY_EMAIL_UPDATE' && (
        <VerifyNewEmailForm newEmail={newEmail} onVerified={() => setStep('EMAIL_CHANGE_SUCCESS')} />
      )}
      {step === 'EMAIL_CHANGE_SUCCESS' && (
        <ProgressSuccess
          title="Email updated!"
          message={
            <>
              From now on, log in with <strong style={{ overflowWrap: 'anywhere' }}>{newEmail}</strong>.
            </>
          }
          progressLabel="Closing this dialog"
          onDone={close}
        />
      )}
    </Modal>
  );
}
