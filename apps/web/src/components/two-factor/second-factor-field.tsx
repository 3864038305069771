import { Anchor, Stack, TextInput } from '@mantine/core';
import { recoveryCodeSchema, twoFactorCodeSchema } from '@portal/contract';
import { useEffect, useRef, type Ref } from 'react';

/** Which second factor is typed: the authenticator app's code, or a recovery code. */
export type SecondFactorKind = 'code' | 'recovery_code';

/** The typed value checked by the contract's schema of its kind: the value to send, or the message to show. */
export function parseSecondFactor(kind: SecondFactorKind, value: string): { value: string } | { error: string } {
  const parsed = (kind === 'code' ? twoFactorCodeSchema : recoveryCodeSchema).safeParse(value);
  return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]?.message ?? '' };
}

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoFocusStep?: boolean;
}

/**
 * The six digits of an authenticator app, in one field: the phone's number pad, and the
 * browser's one-time-code autofill. Spaces are allowed (the contract ignores them).
 */
export function TwoFactorCodeField({
  value,
  onChange,
  error,
  label = '6-digit code',
  inputRef,
  autoFocusStep,
}: CodeFieldProps) {
  return (
    <TextInput
      ref={inputRef}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      data-autofocus={autoFocusStep || undefined}
    />
  );
}

function RecoveryCodeField({ value, onChange, error, inputRef, autoFocusStep }: CodeFieldProps) {
  return (
    <TextInput
      ref={inputRef}
      label="Recovery code"
      description="One of the codes you saved when you turned two-factor sign-in on"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={40}
      data-autofocus={autoFocusStep || undefined}
    />
  );
}

interface SecondFactorFieldProps {
  kind: SecondFactorKind;
  onKindChange: (kind: SecondFactorKind) => void;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Marks the field as where the focus goes when its step is shown (lib/use-step-focus.ts). */
  autoFocusStep?: boolean;
}

/**
 * The second factor, as a code of the authenticator app or, after "Use a recovery code
 * instead", a recovery code. Switching empties the field and puts the focus in the new one.
 */
export function SecondFactorField({
  kind,
  onKindChange,
  value,
  onChange,
  error,
  autoFocusStep,
}: SecondFactorFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const shownKind = useRef(kind);
  useEffect(() => {
    if (shownKind.current === kind) return;
    shownKind.current = kind;
    input.current?.focus();
  }, [kind]);
  const switchTo = (next: SecondFactorKind) => {
    onChange('');
    onKindChange(next);
  };

  return (
    <Stack gap="xs">
      {kind === 'code' ? (
        <TwoFactorCodeField
          value={value}
          onChange={onChange}
          error={error}
          inputRef={input}
          autoFocusStep={autoFocusStep}
        />
      ) : (
        <RecoveryCodeField
          value={value}
          onChange={onChange}
          error={error}
          inputRef={input}
          autoFocusStep={autoFocusStep}
        />
      )}
      <Anchor
        component="button"
        type="button"
        size="sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => switchTo(kind === 'code' ? 'recovery_code' : 'code')}
      >
        {kind === 'code' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
      </Anchor>
    </Stack>
  );
}
