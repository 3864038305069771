import { Stack, Text } from '@mantine/core';
import { emailChangeRequestSchema } from '@portal/contract';
import { useState } from 'react';
import { CodeVerificationForm, useCodeEntry } from '@/components/code-verification-form';
import { Dialog } from '@/components/dialog';
import { EmailInput } from '@/components/email-input';
import { ProgressSuccess } from '@/components/progress-success';
import { FormActions } from '@/components/form-actions';
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
            // 409 (taken) and 422 (the current address) are about the field itself: said once,
            // under it. Anything else has no field to point at and goes to a toast.
            if (isApiError(failure) && (failure.status === 409 || failure.status === 422)) {
              setError(failure.errors.new_email?.join(' ') || failure.serverMessage);
            } else {
              notifyRequestError(failure, ERROR_TITLE, 'Please try again.');
            }
          },
        });
      }}
    >
      <Stack gap="md">
        <Text size="sm">We will send a 6-digit code to the new address to make sure it is yours.</Text>
        <EmailInput
          label="New email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <FormActions
          submitLabel="Send verification code"
          loading={request.isPending}
          disabled={!email.trim()}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function VerifyNewEmailForm({ newEmail, onVerified }: { newEmail: string; onVerified: () => void }) {
  const entry = useCodeEntry();
  const verify = useVerifyEmailChange();
  const resend = useResendEmailChangeCode();

  return (
    <CodeVerificationForm
      entry={entry}
      email={newEmail}
      verifying={verify.isPending}
      resending={resend.isPending}
      onVerify={(otp) =>
        verify.mutate(
          { new_email: newEmail, otp },
          {
            onSuccess: (response) => {
              sessionStore.updateEmail(response.new_email);
              notifySuccess('Updated', response.message);
              onVerified();
            },
            onError: (failure) => {
              // As on sign-up: the toast tells what was wrong; the boxes empty for the next try.
              entry.clearCode();
              entry.clearError();
              notifyRequestError(failure, ERROR_TITLE, 'Please try again.');
            },
          },
        )
      }
      onResend={() =>
        resend.mutate(newEmail, {
          onSuccess: (response) => {
            entry.clearCode();
            notifySuccess('Code resent', response.message);
          },
          onError: (failure) => notifyRequestError(failure, ERROR_TITLE, 'Please try again.'),
        })
      }
    />
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
    <Dialog opened={opened} onClose={close} title={TITLES[step]} centered>
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
    </Dialog>
  );
}
