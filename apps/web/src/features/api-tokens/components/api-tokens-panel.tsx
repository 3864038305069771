import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { API_TOKEN_PREFIX, API_TOKEN_SCOPE_TEXTS, MAX_ACTIVE_API_TOKENS, type ApiToken } from '@portal/contract';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { Panel } from '@/components/panel';
import { formatDateTime } from '@/lib/format';
import { useCurrentMembership } from '@/lib/membership';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { CreateApiTokenDialog } from './create-api-token-dialog';

/**
 * Personal API tokens (docs/product/accounts.md, API tokens): the customer's tokens that still
 * work, made here and shown once, each revocable. Administrators have none.
 */
export function ApiTokensPanel() {
  const { memberships } = useCurrentMembership();
  const isCustomer = memberships.length > 0;
  const query = useApiTokens(isCustomer);
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  if (!isCustomer) return null;
  const tokens = query.data?.data ?? [];

  const confirmRevoke = (token: ApiToken) =>
    modals.openConfirmModal({
      title: `Revoke ${token.name}?`,
      children: <Text size="sm">Programs that use this token are refused from their next request on.</Text>,
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: (answer) => notifySuccess('Done', answer.message),
          onError: (error) => notifyRequestError(error, 'Could not revoke the token'),
        }),
    });

  return (
    <Panel
      title="API tokens"
      actions={
        <Button
          variant="default"
          leftSection={<IconKey size={16} aria-hidden />}
          disabled={tokens.length >= MAX_ACTIVE_API_TOKENS}
          onClick={() => setCreating(true)}
        >
          Create token
        </Button>
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        Programs send a token as <code>Authorization: Bearer {API_TOKEN_PREFIX}…</code> to read your campaigns and
        figures, or also to manage campaigns. At most {MAX_ACTIVE_API_TOKENS} tokens.
      </Text>
      {query.isPending ? (
        <Text c="dimmed">Loading tokens…</Text>
      ) : query.isError ? (
        <Text c="dimmed">The tokens could not be loaded.</Text>
      ) : tokens.length === 0 ? (
        <Text c="dimmed">No tokens yet.</Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your API tokens">
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => confirmRevoke(token)} />
          ))}
        </Stack>
      )}
      <CreateApiTokenDialog opened={creating} onClose={() => setCreating(false)} />
    </Panel>
  );
}

/** One token: its name and scope, the start of the token, its dates and last use, and Revoke. */
function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  return (
    <Group
      component="li"
      justify="space-between"
      gap="sm"
      py="sm"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
        <Group gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Text>
          <Badge variant="outline">{API_TOKEN_SCOPE_TEXTS[token.scope].label}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          <code>
            {API_TOKEN_PREFIX}
            {token.hint}…
          </code>{' '}
          · Created {formatDateTime(token.created_at)} · Expires {formatDateTime(token.expires_at)}
        </Text>
        <Text size="sm" c="dimmed">
          {token.last_used_at ? `Last used ${formatDateTime(token.last_used_at)}` : 'Never used'}
        </Text>
      </Stack>
      <Button variant="subtle" color="red" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
        Revoke
      </Button>
    </Group>
  );
}
