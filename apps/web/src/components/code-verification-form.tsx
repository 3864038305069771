import { Button, Group, Stack, Text } from '@mantine/core';
import { otpSchema } from '@portal/contract';
import { useState } from 'react';
import { CodeInput } from './code-input';

/**
 * The typed code and its format message. The owner holds them, not the form: only the owner
 * knows when its request has settled and which of the two to empty then, and a dialog that
 * keeps them outside its content keeps what was typed across closing and reopening.
 */
export function useCodeEntry() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [focusRequest, setFocusRequest] = useState(0);
  return {
    code,
    setCode,
    error,
    setError,
    focusRequest,
    /** Empties the boxes and puts the cursor back in the first one. */
    clearCode: () => {
      setCode('');
      setFocusRequest((count) => count + 1);
    },
    clearError: () => setError(undefined),
  };
}

export type CodeEntry = ReturnType<typeof useCodeEntry>;

interface CodeVerificationFormProps {
  entry: CodeEntry;
  /** The address the code was mailed to, repeated so the user knows which inbox to open. */
  email: string;
  verifying: boolean;
  resending: boolean;
  /** Called with a well-formed code only; the format check happens here. */
  onVerify: (otp: string) => void;
  onResend: () => void;
}

/**
 * The "enter the code we mailed" step (VERIFY_OTP, VERIFY_EMAIL_UPDATE): six boxes, a button
 * for a new code and one to verify. Filling the last box verifies at once, so a pasted code
 * needs no further click.
 */
export function CodeVerificationForm({
  entry: { code, setCode, error, setError, focusRequest },
  email,
  verifying,
  resending,
  onVerify,
  onResend,
}: CodeVerificationFormProps) {
  const submit = (value: string) => {
    if (verifying) return;
    const parsed = otpSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onVerify(parsed.data);
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
          disabled={verifying}
          focusRequest={focusRequest}
        />
        <Group justify="space-between" gap="sm">
          <Button variant="default" loading={resending} onClick={onResend}>
            Send new code
          </Button>
          <Button type="submit" loading={verifying}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
