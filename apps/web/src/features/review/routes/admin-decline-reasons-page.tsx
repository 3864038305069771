import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DECLINE_REASON_LIMITS, type DeclineReason } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/dialog';
import { ScrollRegion } from '@/components/scroll-region';
import { serverFieldErrors } from '@/lib/form-errors';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import {
  useAddDeclineReason,
  useDeclineCounts,
  useDeclineReasons,
  useUpdateDeclineReason,
} from '../api/decline-reasons';

/** "2026-11" as "Nov 2026", the counts' column headings. */
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function AddReasonForm() {
  const add = useAddDeclineReason();
  const [code, setCode] = useState('');
  const [text, setText] = useState('');
  const errors = serverFieldErrors(add.error) ?? {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { code: code.trim(), text: text.trim() },
      {
        onSuccess: (answer) => {
          notifySuccess('Success', answer.message);
          setCode('');
          setText('');
        },
        onError: (error) => notifyRequestError(error, 'Could not add the reason'),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add a reason">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Code"
          description="Lower-case letters, digits and _"
          value={code}
          maxLength={DECLINE_REASON_LIMITS.codeMaxLength}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={errors.code}
          w={{ base: '100%', sm: 220 }}
        />
        <TextInput
          label="Text the customer reads"
          value={text}
          maxLength={DECLINE_REASON_LIMITS.textMaxLength}
          onChange={(event) => setText(event.currentTarget.value)}
          error={errors.text}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit" loading={add.isPending}>
          Add reason
        </Button>
      </Group>
    </form>
  );
}

function RenameDialog({ reason, onClose }: { reason: DeclineReason | null; onClose: () => void }) {
  const update = useUpdateDeclineReason();
  const [text, setText] = useState(reason?.text ?? '');
  return (
    <Dialog opened={reason !== null} onClose={onClose} title="Rename reason" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            { code: reason!.code, text: text.trim() },
            {
              onSuccess: (answer) => {
                notifySuccess('Success', answer.message);
                onClose();
              },
              onError: (error) => notifyRequestError(error, 'Could not rename the reason'),
            },
          );
        }}
      >
        <Stack>
          <Text size="sm">Later declines use the new text; past ones keep the words the customer was told.</Text>
          <TextInput
            label="Text the customer reads"
            value={text}
            maxLength={DECLINE_REASON_LIMITS.textMaxLength}
            onChange={(event) => setText(event.currentTarget.value)}
            error={serverFieldErrors(update.error)?.text}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

function ReasonRow({ reason, onRename }: { reason: DeclineReason; onRename: () => void }) {
  const update = useUpdateDeclineReason();
  const retired = reason.retired_at !== null;
  const toggle = () =>
    update.mutate(
      { code: reason.code, retired: !retired },
      {
        onSuccess: (answer) => notifySuccess('Success', answer.message),
        onError: (error) => notifyRequestError(error, 'Could not change the reason'),
      },
    );
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <code>{reason.code}</code>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{reason.text}</Table.Td>
      <Table.Td>{retired ? <Badge variant="default">Retired</Badge> : 'In use'}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onRename} aria-label={`Rename ${reason.text}`}>
            Rename
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={update.isPending}
            onClick={toggle}
            aria-label={`${retired ? 'Bring back' : 'Retire'} ${reason.text}`}
          >
            {retired ? 'Bring back' : 'Retire'}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function ReasonsCard() {
  const reasons = useDeclineReasons();
  const [renaming, setRenaming] = useState<DeclineReason | null>(null);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="reasons-title">
      <Stack gap="md">
        <Title order={2} size="h5" id="reasons-title">
          Reasons
        </Title>
        <Text size="sm" c="dimmed">
          A retired reason stays on the declines that named it but can no longer be chosen.
        </Text>
        <ScrollRegion label="Reasons" minWidth={560}>
          <Table verticalSpacing="xs" aria-labelledby="reasons-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Text</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(reasons.data ?? []).map((reason) => (
                <ReasonRow key={reason.code} reason={reason} onRename={() => setRenaming(reason)} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
        <AddReasonForm />
      </Stack>
      <RenameDialog key={renaming?.code ?? ''} reason={renaming} onClose={() => setRenaming(null)} />
    </Card>
  );
}

function CountsCard() {
  const counts = useDeclineCounts();
  const months = counts.data?.months ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="counts-title">
      <Stack gap="md">
        <Title order={2} size="h5" id="counts-title">
          Declines per reason, last {DECLINE_REASON_LIMITS.countMonths} months
        </Title>
        <ScrollRegion label="Declines per reason" minWidth={900}>
          <Table verticalSpacing="xs" aria-labelledby="counts-title" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reason</Table.Th>
                {months.map((month) => (
                  <Table.Th key={month} ta="right">
                    {monthLabel(month)}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(counts.data?.data ?? []).map((line) => (
                <Table.Tr key={line.code ?? 'free-text'}>
                  <Table.Th scope="row" fw={500}>
                    {line.text}
                    {line.retired && ' (retired)'}
                  </Table.Th>
                  {line.counts.map((count, index) => (
                    <Table.Td key={months[index]} ta="right">
                      {count}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={600}>
                    {line.total}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </Stack>
    </Card>
  );
}

/** /admin/decline-reasons (docs/product/review.md, Decline reasons): the reasons, and declines per reason and month. */
export function AdminDeclineReasonsPage() {
  return (
    <Stack gap="lg">
      <ReasonsCard />
      <CountsCard />
    </Stack>
  );
}
