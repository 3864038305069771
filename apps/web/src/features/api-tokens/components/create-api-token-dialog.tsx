import { Alert, Button, CopyButton, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import {
  API_TOKEN_LIFETIMES,
  API_TOKEN_SCOPE_TEXTS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type CreateApiTokenRequest,
} from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/dialog';
import { isApiError } from '@/lib/api-error';
import { notifyRequestError } from '@/lib/notify';
import { useCreateApiToken } from '../api/api-tokens';

const LIFETIME_OPTIONS = API_TOKEN_LIFETIMES.map((days) => ({ value: String(days), label: `${days} days` }));

/**
 * Create token: a name, a scope and an expiry; then the token itself, shown this once with a
 * copy button (docs/product/accounts.md, API tokens).
 */
export function CreateApiTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateApiToken();
  const [created, setCreated] = useState<string | null>(null);
  const close = () => {
    setCreated(null);
    create.reset();
    onClose();
  };
  return (
    <Dialog opened={opened} onClose={close} title={created ? 'Copy your token' : 'Create an API token'}>
      {created ? (
        <ShownOnce token={created} onDone={close} />
      ) : (
        <TokenForm
          pending={create.isPending}
          errors={isApiError(create.error) ? create.error.errors : {}}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (answer) => setCreated(answer.token),
              onError: (error) => notifyRequestError(error, 'Could not create the token'),
            })
          }
        />
      )}
    </Dialog>
  );
}

function TokenForm({
  pending,
  errors,
  onSubmit,
}: {
  pending: boolean;
  errors: Record<string, string[]>;
  onSubmit: (body: CreateApiTokenRequest) => void;
}) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [lifetime, setLifetime] = useState('90');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name, scope, expires_in_days: Number(lifetime) as CreateApiTokenRequest['expires_in_days'] });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          description="What the token is for, such as the program that uses it"
          required
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name?.[0]}
        />
        <Radio.Group label="Scope" value={scope} onChange={(value) => setScope(value as ApiTokenScope)}>
          <Stack gap="xs" mt="xs">
            {API_TOKEN_SCOPES.map((option) => (
              <Radio
                key={option}
                value={option}
                label={API_TOKEN_SCOPE_TEXTS[option].label}
                description={API_TOKEN_SCOPE_TEXTS[option].description}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Select
          label="Expires after"
          data={LIFETIME_OPTIONS}
          value={lifetime}
          onChange={(value) => value && setLifetime(value)}
          allowDeselect={false}
          error={errors.expires_in_days?.[0]}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShownOnce({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <Stack>
      {/* No title: the yellow title colour is too faint on its light ground (docs/accessibility.md). */}
      <Alert color="yellow">
        <strong>Shown only now.</strong> Copy the token and keep it somewhere safe: it cannot be shown again. If it is
        lost, revoke it and create another.
      </Alert>
      <TextInput label="Your new token" value={token} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Group justify="flex-end">
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
