import { Stack, Text } from '@mantine/core';
import { TWO_FACTOR_MESSAGES, type TwoFactorEnrolment } from '@portal/contract';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { FormActions } from '@/components/form-actions';
import { PasswordField } from '@/components/password-field';
import { EnrolmentForm } from '@/components/two-factor/enrolment-form';
import { RecoveryCodes } from '@/components/two-factor/recovery-codes';
import {
  parseSecondFactor,
  SecondFactorField,
  TwoFactorCodeField,
  type SecondFactorKind,
} from '@/components/two-factor/second-factor-field';
import { serverFieldErrors } from '@/lib/form-errors';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useConfirmTwoFactorEnrolment, useDisableTwoFactor, useRegenerateRecoveryCodes } from '../api/two-factor';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

/** A refused request: a 422's message under its field, anything else as a toast. */
function fieldErrorOf(failure: unknown, field: string, title: string): string | undefined {
  const message = serverFieldErrors(failure)?.[field];
  if (!message) notifyRequestError(failure, title);
  return message;
}

/** The QR code, the key and the first code; then the recovery codes, once. */
export function EnrolmentDialog({ opened, enrolment, onClose }: DialogProps & { enrolment: TwoFactorEnrolment }) {
  const confirm = useConfirmTwoFactorEnrolment();
  const [error, setError] = useState<string>();
  const codes = confirm.data?.recovery_codes;
  const onConfirm = (code: string) =>
    confirm.mutate(code, {
      onSuccess: () => setError(undefined),
      onError: (failure) => setError(fieldErrorOf(failure, 'code', 'Could not turn on two-factor sign-in')),
    });

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={codes ? 'Save your recovery codes' : 'Turn on two-factor sign-in'}
      centered
      // A new dialog each time: the codes of an earlier opening are never shown again.
      onExitTransitionEnd={() => confirm.reset()}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onSaved={onClose} />
      ) : (
        <EnrolmentForm
          enrolment={enrolment}
          confirming={confirm.isPending}
          error={error}
          onConfirm={onConfirm}
          actions={<FormActions submitLabel="Turn on" loading={confirm.isPending} onCancel={onClose} />}
        />
      )}
    </Dialog>
  );
}

/** A current code, then the ten new recovery codes, once. */
export function RegenerateRecoveryCodesDialog({ opened, onClose }: DialogProps) {
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const codes = regenerate.data?.recovery_codes;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (regenerate.isPending) return;
    const parsed = parseSecondFactor('code', code);
    if ('error' in parsed) return setError(parsed.error);
    regenerate.mutate(parsed.value, {
      onError: (failure) => setError(fieldErrorOf(failure, 'code', 'Could not regenerate the recovery codes')),
    });
  };

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={codes ? 'Your new recovery codes' : 'Regenerate recovery codes'}
      centered
      onExitTransitionEnd={() => {
        regenerate.reset();
        setCode('');
        setError(undefined);
      }}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onSaved={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">New codes replace the ones you have: those stop working at once.</Text>
            <TwoFactorCodeField
              label="6-digit code from your authenticator app"
              value={code}
              onChange={(value) => {
                setCode(value);
                setError(undefined);
              }}
              error={error}
            />
            <FormActions submitLabel="Regenerate" loading={regenerate.isPending} onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

/** The password and a current code (or a recovery code) turn it off. */
export function DisableTwoFactorDialog({ opened, onClose }: DialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Turn off two-factor sign-in" centered>
      {/* Mounted while open only: the password is never kept after the dialog closes. */}
      {opened && <DisableTwoFactorForm onClose={onClose} />}
    </Dialog>
  );
}

function DisableTwoFactorForm({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [kind, setKind] = useState<SecondFactorKind>('code');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<{ password?: string; second?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (disable.isPending) return;
    const parsed = parseSecondFactor(kind, value);
    const next = {
      password: password ? undefined : TWO_FACTOR_MESSAGES.passwordRequired,
      second: 'error' in parsed ? parsed.error : undefined,
    };
    setErrors(next);
    if (next.password || 'error' in parsed) return;
    disable.mutate(
      { password, [kind]: parsed.value },
      {
        onSuccess: ({ message }) => {
          notifySuccess('Two-factor sign-in', message);
          onClose();
        },
        onError: (failure) => {
          const fields = serverFieldErrors(failure);
          if (!fields) notifyRequestError(failure, 'Could not turn off two-factor sign-in');
          setErrors({ password: fields?.password, second: fields?.code ?? fields?.recovery_code });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
        />
        <SecondFactorField kind={kind} onKindChange={setKind} value={value} onChange={setValue} error={errors.second} />
        <FormActions submitLabel="Turn off" loading={disable.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
