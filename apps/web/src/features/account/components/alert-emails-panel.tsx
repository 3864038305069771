import { Stack, Switch, Text } from '@mantine/core';
import type { AlertPreference } from '@portal/contract';
import { Panel } from '@/components/panel';
import { notifyRequestError } from '@/lib/notify';
import { useAlertPreferences, useUpdateAlertPreference } from '../api/alert-preferences';

/**
 * Alert e-mails on My account (docs/product/accounts.md, Alert e-mails): a switch per alert the
 * user's role gets, saved as it is flipped. Alerts always arrive in the portal; the switch
 * decides only whether they are e-mailed too.
 */
export function AlertEmailsPanel() {
  const query = useAlertPreferences();
  const update = useUpdateAlertPreference();
  const preferences = query.data?.data;

  // While a change is saved, its switch shows the value asked for.
  const shown = (preference: AlertPreference) =>
    update.isPending && update.variables.kind === preference.kind ? update.variables.email : preference.email;

  return (
    <Panel title="Alert e-mails">
      <Text size="sm" c="dimmed" mb="md">
        Alerts always arrive in your notifications. Choose which ones are e-mailed to you as well.
      </Text>
      {query.isPending ? (
        <Text c="dimmed">Loading alert e-mails…</Text>
      ) : !preferences ? (
        <Text c="dimmed">Alert e-mails could not be loaded.</Text>
      ) : (
        <Stack gap="md">
          {preferences.map((preference) => (
            <Switch
              key={preference.kind}
              label={preference.title}
              description={preference.description}
              checked={shown(preference)}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate(
                  { kind: preference.kind, email: event.currentTarget.checked },
                  { onError: (failure) => notifyRequestError(failure, 'Could not save the alert e-mails') },
                )
              }
            />
          ))}
        </Stack>
      )}
    </Panel>
  );
}
