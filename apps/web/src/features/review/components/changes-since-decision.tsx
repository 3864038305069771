import { Card, Group, List, Pill, Stack, Table, Text, Title } from '@mantine/core';
import {
  CAMPAIGN_CHANGES_TEXTS as TEXTS,
  CHANGED_FIELD_LABELS,
  type ChangedField,
  type ChangesSinceDecision,
} from '@portal/contract';
import { ScrollRegion } from '@/components/scroll-region';
import { formatDate, formatUsd } from '@/lib/format';

/** A value as the review page writes it: budgets in dollars, nothing as "(none)". */
function shown(field: ChangedField, value: string | number | null): string {
  if (value === null || value === '') return TEXTS.empty;
  if (field === 'budget_amount' && typeof value === 'number') return formatUsd(value);
  return String(value);
}

function FieldChanges({ fields }: { fields: ChangesSinceDecision['fields'] }) {
  return (
    // Narrow enough for a phone's card: long values wrap in their columns rather than scroll away.
    <ScrollRegion label="Fields changed" minWidth={280}>
      <Table verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={{ base: '30%', sm: '22%' }}>Field</Table.Th>
            <Table.Th>{TEXTS.before}</Table.Th>
            <Table.Th>{TEXTS.after}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Th scope="row" fw={500}>
                {CHANGED_FIELD_LABELS[change.field]}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <del>{shown(change.field, change.before)}</del>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <ins style={{ textDecoration: 'none', fontWeight: 600 }}>{shown(change.field, change.after)}</ins>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** Keywords or files added or removed, under their heading; nothing when the list is empty. */
function Added({ label, items, pills }: { label: string; items: string[]; pills?: boolean }) {
  if (items.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {pills ? (
        <Pill.Group mt={4}>
          {items.map((item) => (
            <Pill key={item}>{item}</Pill>
          ))}
        </Pill.Group>
      ) : (
        <List size="sm">
          {items.map((item, index) => (
            // Two files may have the same name: the place in the list tells them apart.
            <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
              {item}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

/**
 * What changed in the campaign since an administrator last approved or declined it
 * (docs/product/review.md, Review page), above the campaign on the review page. Nothing is
 * drawn for a campaign never decided.
 */
export function ChangesSinceDecisionCard({ changes }: { changes: ChangesSinceDecision | null }) {
  if (!changes) return null;
  const { fields, keywords, media } = changes;
  const nothing =
    fields.length + keywords.added.length + keywords.removed.length + media.added.length + media.removed.length === 0;
  const day = formatDate(changes.decided_at);
  const fileName = (file: { s3_key: string; name: string | null }) => file.name ?? file.s3_key;
  return (
    <Card withBorder component="section" aria-labelledby="review-changes" mb="lg">
      <Title order={2} size="h5" id="review-changes">
        {TEXTS.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {changes.decision === 'approved' ? TEXTS.approvedOn(day) : TEXTS.declinedOn(day)}
      </Text>
      {nothing ? (
        <Text size="sm">{TEXTS.nothing}</Text>
      ) : (
        <Stack gap="sm">
          {fields.length > 0 && <FieldChanges fields={fields} />}
          <Group align="flex-start" gap="xl">
            <Added label={TEXTS.keywordsAdded} items={keywords.added} pills />
            <Added label={TEXTS.keywordsRemoved} items={keywords.removed} pills />
            <Added label={TEXTS.mediaAdded} items={media.added.map(fileName)} />
            <Added label={TEXTS.mediaRemoved} items={media.removed.map(fileName)} />
          </Group>
        </Stack>
      )}
    </Card>
  );
}
