import { Fieldset, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { FIGURES, type Campaign, type FigureGroup, type StatisticsEntry } from '@portal/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { FormActions } from '@/components/form-actions';
import { isApiError } from '@/lib/api-error';
import { useFocusFirstInvalid } from '@/lib/form-errors';
import { notifyError, notifyRequestError, notifySuccess } from '@/lib/notify';
import { useSaveStatistics } from '../api/statistics-entry';
import { PostingDatesField } from './posting-dates-field';
import {
  editMetricsValues,
  fieldOf,
  figureFieldLabel,
  statisticsFields,
  todayUtc,
  validateEditMetrics,
  type EditMetricsValues,
} from './edit-metrics-values';

const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(FIGURES.map((figure) => [figure.key, figureFieldLabel(figure)])),
  created_at: 'Date',
  date_paid: 'Date paid',
  dates: 'Posting dates',
};

/** The dialog's headings, each over the figures of its groups, in the contract's order. */
const FIELD_GROUPS: { title: string; groups: FigureGroup[] }[] = [
  { title: 'Spend', groups: ['spend'] },
  { title: 'Audience', groups: ['audience'] },
  { title: 'Reach', groups: ['reach'] },
  { title: 'Impressions', groups: ['impressions'] },
  { title: 'Engagement', groups: ['engagement', 'response'] },
  { title: 'Stories', groups: ['stories'] },
];

/** 2 columns on tablets, 3 on wide screens, 1 on phones. */
const GRID_COLUMNS = { base: 1, xs: 2, md: 3 } as const;

/** A group of the dialog's fields under its heading; a fieldset, so screen readers name the group too. */
function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Title order={3} size="h6">
          {title}
        </Title>
      }
    >
      {children}
    </Fieldset>
  );
}

export type EditMetricsCampaign = Pick<Campaign, 'id' | 'campaign_name' | 'date_paid'>;

type MetricsForm = UseFormReturnType<EditMetricsValues>;

/** The figures, by group; money ones in dollars and cents, the others in whole numbers. */
function FigureFields({ form }: { form: MetricsForm }) {
  return FIELD_GROUPS.map(({ title, groups }) => (
    <FieldGroup key={title} title={title}>
      <SimpleGrid cols={GRID_COLUMNS} spacing="md">
        {FIGURES.filter((figure) => groups.includes(figure.group)).map((figure) => {
          const money = figure.unit === 'money';
          return (
            <NumberInput
              key={figure.key}
              label={figureFieldLabel(figure)}
              required={figure.required !== null}
              min={0}
              clampBehavior="none"
              thousandSeparator=","
              inputMode={money ? 'decimal' : 'numeric'}
              {...(money ? { prefix: '$', decimalScale: 2, fixedDecimalScale: true } : { allowDecimal: false })}
              {...form.getInputProps(figure.key)}
            />
          );
        })}
      </SimpleGrid>
    </FieldGroup>
  ));
}

/** The day the figures are as of, the day the campaign was paid, and the posting dates. */
function DateFields({ form, today }: { form: MetricsForm; today: string }) {
  return (
    <FieldGroup title="Dates">
      <Stack gap="md">
        <SimpleGrid cols={GRID_COLUMNS} spacing="md">
          <TextInput
            type="date"
            label="Date"
            description="The day the figures are as of (UTC)"
            required
            max={today}
            {...form.getInputProps('created_at')}
          />
          <TextInput type="date" label="Date paid" required {...form.getInputProps('date_paid')} />
        </SimpleGrid>
        <PostingDatesField form={form} />
      </Stack>
    </FieldGroup>
  );
}

/**
 * A 422 with field errors, shown as docs/product/insights.md asks: one toast per message, and
 * each message on its field. False for any other failure, which the caller reports.
 */
function showRefusal(error: unknown, form: MetricsForm): boolean {
  if (!(isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0)) return false;
  const fieldErrors: Record<string, string> = {};
  for (const [path, messages] of Object.entries(error.errors)) {
    const field = fieldOf(path);
    for (const message of messages) {
      notifyError('Validation Error', `${FIELD_LABELS[field] ?? path}: ${message}`);
    }
    fieldErrors[field] = [fieldErrors[field], ...messages].filter(Boolean).join(' ');
  }
  form.setErrors(fieldErrors);
  return true;
}

function EditMetricsForm({
  campaign,
  current,
  onClose,
}: {
  campaign: EditMetricsCampaign;
  current?: StatisticsEntry | null;
  onClose: () => void;
}) {
  const [today] = useState(() => todayUtc());
  const save = useSaveStatistics(campaign.id);
  const focusFirstInvalid = useFocusFirstInvalid();
  const form = useForm<EditMetricsValues>({
    initialValues: editMetricsValues({ datePaid: campaign.date_paid, current, today }),
    validate: (values) => validateEditMetrics(values, today),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    if (form.validate().hasErrors) {
      focusFirstInvalid(element);
      return;
    }
    if (save.isPending) return;
    save.mutate(statisticsFields(form.getValues()), {
      onSuccess: (answer) => {
        notifySuccess('Updated', answer.message);
        onClose();
      },
      onError: (error) => {
        if (showRefusal(error, form)) focusFirstInvalid(element);
        else notifyRequestError(error, 'Something went wrong');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm">
          Figures of &ldquo;{campaign.campaign_name}&rdquo;: its running totals as of the date below, not what was added
          since the last entry. Saving adds a new entry.
        </Text>
        <FigureFields form={form} />
        <DateFields form={form} today={today} />
        <FormActions submitLabel="Save metrics" loading={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/**
 * EDIT_METRICS (docs/product/insights.md, Statistics entries): an administrator enters an
 * approved campaign's figures. It starts from the campaign's current figures when the caller
 * passes them (`statistics[0]`), else from the documented defaults; the form is built afresh
 * for each campaign opened. Focus starts in Amount spent and returns where it was on close.
 */
export function EditMetricsModal({
  campaign,
  current,
  opened,
  onClose,
}: {
  campaign: EditMetricsCampaign | null;
  current?: StatisticsEntry | null;
  opened: boolean;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Dialog opened={opened} onClose={onClose} title="Edit metrics" size="xl" fullScreen={narrow} centered={!narrow}>
      {campaign && <EditMetricsForm key={campaign.id} campaign={campaign} current={current} onClose={onClose} />}
    </Dialog>
  );
}
