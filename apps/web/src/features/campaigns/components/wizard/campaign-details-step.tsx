import { Badge, Group, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { CAMPAIGN_LIMITS, CAMPAIGN_OBJECTIVES, type CampaignObjective } from '@portal/contract';
import type { DetailsValues } from '../../utils/wizard-values';
import { KeywordInput } from './keyword-input';

function Choice({ value, label, badge }: { value: string; label: string; badge?: string }) {
  return (
    <Radio
      value={value}
      label={
        <Group gap={6}>
          {label}
          {badge && (
            <Badge size="xs" variant="light">
              {badge}
            </Badge>
          )}
        </Group>
      }
    />
  );
}

/** Step 1: the campaign's details (docs/product/campaigns.md, Campaign details). */
export function CampaignDetailsStep({
  values,
  onChange,
}: {
  values: DetailsValues;
  onChange: (change: Partial<DetailsValues>) => void;
}) {
  return (
    <Stack gap="lg">
      <Radio.Group
        label="Objective"
        value={values.campaign_objective}
        onChange={(value) => onChange({ campaign_objective: value as CampaignObjective })}
      >
        <Group mt="xs">
          {CAMPAIGN_OBJECTIVES.map((objective) => (
            <Choice key={objective} value={objective} label={objective} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label="Campaign name"
        data-autofocus
        maxLength={CAMPAIGN_LIMITS.nameMaxLength}
        value={values.campaign_name}
        onChange={(event) => onChange({ campaign_name: event.currentTarget.value })}
      />
      <Radio.Group
        label="Status"
        value={values.status}
        onChange={(value) => onChange({ status: value as DetailsValues['status'] })}
      >
        <Group mt="xs">
          <Choice value="active" label="Active" badge="Recommended" />
          <Choice value="paused" label="Paused" />
        </Group>
      </Radio.Group>
      <Radio.Group
        label="Budget type"
        value={values.budget_type}
        onChange={(value) => onChange({ budget_type: value as DetailsValues['budget_type'] })}
      >
        <Group mt="xs">
          <Choice value="lifetime" label="Lifetime" badge="Best performance" />
          <Choice value="daily" label="Daily" />
        </Group>
      </Radio.Group>
      <NumberInput
        label="Budget amount (USD)"
        prefix="$"
        min={0}
        max={CAMPAIGN_LIMITS.budgetMax}
        allowNegative={false}
        decimalScale={2}
        thousandSeparator=","
        hideControls
        value={values.budget_amount}
        // The minus key does nothing: a budget is never negative.
        onKeyDown={(event) => {
          if (event.key === '-') event.preventDefault();
        }}
        onChange={(value) => onChange({ budget_amount: value === '' ? '' : Number(value) })}
      />
      <KeywordInput value={values.keywords} onChange={(keywords) => onChange({ keywords })} />
    </Stack>
  );
}
