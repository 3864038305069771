import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { otpSchema } from '@portal/contract';
import { useState } from 'react';
import { CodeInput } from '@/components/code-input';
import { notifySuccess } from '@/lib/notify';
import { sessionStore } from '@/stores/session-store';
import { useRequestNewOtp } from '../api/request-new-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { notifySignupError } from '../utils/signup-errors';

interface VerifyOtpDialogProps {
  opened: boolean;
  onClose: () => void;
  userId: number;
  email: string;
}

/** VERIFY_OTP ("Activate account"): the code mailed at registration moves sign-up to step 2. */
export function VerifyOtpDialog({ opened, onClose, userId, email }: VerifyOtpDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifyOtp();
  const newOtp = useRequestNewOtp();

  const submit = (value: string) => {
    if (verify.isPending) return;
    const parsed = otpSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    verify.mutate(
      { user_id: userId, otp: parsed.data },
      {
        onSuccess: (response) => {
          notifySuccess('Verified', response.message);
          // Step 2 closes this dialog and shows the personal info form.
          sessionStore.setSignupStep(2);
        },
        onError: (failure) => {
          setCode('');
          notifySignupError(failure);
        },
      },
    );
  };

  const sendNewCode = () =>
    newOtp.mutate(userId, {
      onSuccess: (response) => {
        setCode('');
        setError(undefined);
        notifySuccess('OTP Sent', response.message);
      },
      onError: notifySignupError,
    });

  return (
    <Modal opened={opened} onClose={onClose} title="Activate account" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            Enter the 6-digit code we sent to <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>.
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
            <Button variant="default" onClick={sendNewCode} loading={newOtp.isPending}>
              Send new code
            </Button>
            <Button type="submit" loading={verify.isPending}>
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
