import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_RULES, type TwoFactorEnrolment, type TwoFactorStatus } from '@portal/contract';
import { IconKey, IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Panel } from '@/components/panel';
import { SUCCESS_GREEN } from '@/config/theme';
import { formatDateTime } from '@/lib/format';
import { notifyRequestError } from '@/lib/notify';
import { useStartTwoFactorEnrolment, useTwoFactor } from '../api/two-factor';
import { DisableTwoFactorDialog, EnrolmentDialog, RegenerateRecoveryCodesDialog } from './two-factor-dialogs';

type TwoFactorDialog = 'enrol' | 'regenerate' | 'disable';

/**
 * Two-factor sign-in on My account (docs/product/accounts.md, Two-factor sign-in): off, "Turn
 * on" sets an authenticator app up; on, the recovery codes can be regenerated and it can be
 * turned off, unless the portal requires it of administrators.
 */
export function TwoFactorPanel() {
  const query = useTwoFactor();
  const start = useStartTwoFactorEnrolment();
  const [dialog, setDialog] = useState<TwoFactorDialog | null>(null);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const close = () => setDialog(null);
  const status = query.data?.data;

  // The secret is asked for first, so the dialog opens on the QR code rather than a loader.
  const turnOn = () =>
    start.mutate(undefined, {
      onSuccess: ({ data }) => {
        setEnrolment(data);
        setDialog('enrol');
      },
      onError: (failure) => notifyRequestError(failure, 'Could not turn on two-factor sign-in'),
    });

  return (
    <Panel title="Two-factor sign-in">
      {query.isPending ? (
        <Text c="dimmed">Loading two-factor sign-in…</Text>
      ) : !status ? (
        <Text c="dimmed">Two-factor sign-in could not be loaded.</Text>
      ) : status.enabled ? (
        <TwoFactorOn status={status} onOpen={setDialog} />
      ) : (
        <TwoFactorOff status={status} starting={start.isPending} onTurnOn={turnOn} />
      )}
      {enrolment && <EnrolmentDialog opened={dialog === 'enrol'} enrolment={enrolment} onClose={close} />}
      <RegenerateRecoveryCodesDialog opened={dialog === 'regenerate'} onClose={close} />
      <DisableTwoFactorDialog opened={dialog === 'disable'} onClose={close} />
    </Panel>
  );
}

function TwoFactorOff({
  status,
  starting,
  onTurnOn,
}: {
  status: TwoFactorStatus;
  starting: boolean;
  onTurnOn: () => void;
}) {
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
        <Group gap="xs">
          <Badge variant="outline" color="gray">
            Off
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Sign in with a code from an authenticator app on your phone as well as your password.
        </Text>
        {status.required && <Text size="sm">{TWO_FACTOR_MESSAGES.enrolmentNeeded}</Text>}
      </Stack>
      <Button leftSection={<IconShieldLock size={16} aria-hidden />} loading={starting} onClick={onTurnOn}>
        Turn on
      </Button>
    </Group>
  );
}

function TwoFactorOn({ status, onOpen }: { status: TwoFactorStatus; onOpen: (dialog: TwoFactorDialog) => void }) {
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        {/* Filled, with white text above 4.5:1 in both schemes. */}
        <Badge variant="filled" color={SUCCESS_GREEN}>
          On
        </Badge>
        {status.enabled_at && (
          <Text size="sm" c="dimmed">
            Since {formatDateTime(status.enabled_at)}
          </Text>
        )}
      </Group>
      <Text size="sm">
        {status.recovery_codes_left} of {TWO_FACTOR_RULES.recoveryCodeCount} recovery codes left.
      </Text>
      {status.required && (
        <Text size="sm" c="dimmed">
          {TWO_FACTOR_MESSAGES.requiredForAdmins}
        </Text>
      )}
      <Group gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={() => onOpen('regenerate')}>
          Regenerate recovery codes
        </Button>
        {!status.required && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconShieldOff size={16} aria-hidden />}
            onClick={() => onOpen('disable')}
          >
            Turn off
          </Button>
        )}
      </Group>
    </Stack>
  );
}
