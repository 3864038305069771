import { Button, CopyButton, Image, List, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorEnrolment } from '@portal/contract';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { parseSecondFactor, TwoFactorCodeField } from './second-factor-field';

/** The base32 secret in groups of four, as authenticator apps show keys; the apps ignore the spaces. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface EnrolmentFormProps {
  enrolment: TwoFactorEnrolment;
  confirming: boolean;
  /** The server's refusal of the last code. */
  error?: string;
  /** The buttons under the code field: the submit button and, in a dialog, Cancel. */
  actions: ReactNode;
  onConfirm: (code: string) => void;
}

/**
 * Setting up an authenticator app: the QR code to scan, the key to type in instead, and the
 * first code it shows, which turns two-factor sign-in on.
 */
export function EnrolmentForm({ enrolment, confirming, error, actions, onConfirm }: EnrolmentFormProps) {
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (confirming) return;
    const parsed = parseSecondFactor('code', code);
    if ('error' in parsed) {
      setFormatError(parsed.error);
      return;
    }
    setFormatError(undefined);
    onConfirm(parsed.value);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>Scan the QR code with your authenticator app, or type the key below into it.</List.Item>
          <List.Item>Enter the 6-digit code the app then shows.</List.Item>
        </List>
        {/* The code's own white background and margin: scannable in the dark theme too. */}
        <Image
          src={enrolment.qr_code}
          alt="QR code to add this account to an authenticator app"
          w={192}
          h={192}
          fit="contain"
          radius="sm"
        />
        <TextInput
          label="Key"
          description="Type it in if you cannot scan the QR code"
          value={grouped(enrolment.secret)}
          readOnly
          // Where the focus starts: the key is the way on a phone, which cannot scan its own screen.
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSectionWidth={96}
          rightSection={
            <CopyButton value={enrolment.secret}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          }
        />
        <TwoFactorCodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            setFormatError(undefined);
          }}
          error={formatError ?? error}
          label="6-digit code from the app"
        />
        <Text size="xs" c="dimmed">
          Two-factor sign-in turns on once the code is accepted.
        </Text>
        {actions}
      </Stack>
    </form>
  );
}
