import { Badge, Group, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { CAMPAIGN_LIMITS, CAMPAIGN_OBJECTIVES, type CampaignObjective } from '@portal/contract';
import { useId } from 'react';
import type { DetailsErrors, DetailsValues } from '../../utils/wizard-values';
import { KeywordInput } from './keyword-input';
import { FlightDateFields, type AccountDay } from '../flight-date-fields';

/**
 * A radio group's error, tied to its options. Mantine shows the message under the group and
 * describes the group with it, but marks nothing invalid; each option, which is what the
 * keyboard lands on, says it is invalid and reads the message.
 */
function useChoiceError(error: string | undefined) {
  const errorId = useId();
  return {
    group: { error, errorProps: { id: errorId } },
    option: error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {},
  };
}

function Choice({
  value,
  label,
  badge,
  ...aria
}: {
  value: string;
  label: string;
  badge?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <Radio
      value={value}
      {...aria}
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

/**
 * Step 1: the campaign's details (docs/product/campaigns.md, Campaign details). `errors` are
 * shown under their fields: the checks of Next, and the server's 422 messages.
 */
export function CampaignDetailsStep({
  values,
  errors,
  accountDay,
  onChange,
}: {
  values: DetailsValues;
  errors: DetailsErrors;
  accountDay: AccountDay;
  onChange: (change: Partial<DetailsValues>) => void;
}) {
  const objectiveError = useChoiceError(errors.campaign_objective);
  const statusError = useChoiceError(errors.status);
  const budgetTypeError = useChoiceError(errors.budget_type);
  return (
    <Stack gap="lg">
      <Radio.Group
        label="Objective"
        value={values.campaign_objective}
        onChange={(value) => onChange({ campaign_objective: value as CampaignObjective })}
        {...objectiveError.group}
      >
        <Group mt="xs">
          {CAMPAIGN_OBJECTIVES.map((objective) => (
            <Choice key={objective} value={objective} label={objective} {...objectiveError.option} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label="Campaign name"
        data-autofocus
        maxLength={CAMPAIGN_LIMITS.nameMaxLength}
        value={values.campaign_name}
        error={errors.campaign_name}
        onChange={(event) => onChange({ campaign_name: event.currentTarget.value })}
      />
      <Radio.Group
        label="Status"
        value={values.status}
        onChange={(value) => onChange({ status: value as DetailsValues['status'] })}
        {...statusError.group}
      >
        <Group mt="xs">
          <Choice value="active" label="Active" badge="Recommended" {...statusError.option} />
          <Choice value="paused" label="Paused" {...statusError.option} />
        </Group>
      </Radio.Group>
      <Radio.Group
        label="Budget type"
        value={values.budget_type}
        onChange={(value) => onChange({ budget_type: value as DetailsValues['budget_type'] })}
        {...budgetTypeError.group}
      >
        <Group mt="xs">
          <Choice value="lifetime" label="Lifetime" badge="Best performance" {...budgetTypeError.option} />
          <Choice value="daily" label="Daily" {...budgetTypeError.option} />
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
        error={errors.budget_amount}
        // The minus key does nothing: a budget is never negative.
        onKeyDown={(event) => {
          if (event.key === '-') event.preventDefault();
        }}
        onChange={(value) => onChange({ budget_amount: value === '' ? '' : Number(value) })}
      />
      <KeywordInput value={values.keywords} error={errors.keywords} onChange={(keywords) => onChange({ keywords })} />
      <FlightDateFields values={values} errors={errors} accountDay={accountDay} onChange={onChange} />
    </Stack>
  );
}
