import { Fieldset, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { SPENT_LABELS, STATISTICS_FIELDS, type Campaign, type StatisticsEntry } from '@portal/contract';
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
  statisticsFields,
  todayUtc,
  validateEditMetrics,
  type EditMetricsValues,
  type FigureName,
} from './edit-metrics-values';

/** The field names of docs/product/insights.md, Statistics entries. */
const FIGURE_LABELS: Record<FigureName, string> = {
  amount_spent: SPENT_LABELS.amountSpent,
  ad_cost: 'Ad cost',
  followers_count: 'Followers',
  posts: 'Posts',
  duration: 'Duration (hours)',
  total_reach: 'Total reach',
  post_reach: 'Post reach',
  story_reach: 'Story reach',
  total_impressions: 'Total impressions',
  post_impressions: 'Post impressions',
  story_impressions: 'Story impressions',
  post_likes: 'Likes',
  post_comments: 'Comments',
  post_shares: 'Shares',
  post_saves: 'Saves',
  story_account_taps: 'Story account taps',
  stories_with_link: 'Stories with link',
  link_clicks: 'Link clicks',
  lead_generated: 'Leads',
};

const FIELD_LABELS: Record<string, string> = {
  ...FIGURE_LABELS,
  created_at: 'Date',
  date_paid: 'Date paid',
  dates: 'Posting dates',
};

const FIGURE_GROUPS: { title: string; fields: FigureName[] }[] = [
  { title: 'Spend', fields: ['amount_spent', 'ad_cost'] },
  { title: 'Audience', fields: ['followers_count', 'posts', 'duration'] },
  { title: 'Reach', fields: ['total_reach', 'post_reach', 'story_reach'] },
  { title: 'Impressions', fields: ['total_impressions', 'post_impressions', 'story_impressions'] },
  {
    title: 'Engagement',
    fields: ['post_likes', 'post_comments', 'post_shares', 'post_saves', 'link_clicks', 'lead_generated'],
  },
  { title: 'Stories', fields: ['story_account_taps', 'stories_with_link'] },
];

/** 2 columns on tablets, 3 on wide screens, 1 on phones. */
const GRID_COLUMNS = { base: 1, xs: 2, md: 3 } as const;

const isRequired = (name: FigureName) => name in STATISTICS_FIELDS;

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

/** The figures, by group; money ones in dollars and cents, counts in whole numbers. */
function FigureFields({ form }: { form: MetricsForm }) {
  return FIGURE_GROUPS.map((group) => (
    <FieldGroup key={group.title} title={group.title}>
      <SimpleGrid cols={GRID_COLUMNS} spacing="md">
        {group.fields.map((name) => {
          const money =
            name in STATISTICS_FIELDS && STATISTICS_FIELDS[name as keyof typeof STATISTICS_FIELDS].kind === 'money';
          return (
            <NumberInput
              key={name}
              label={FIGURE_LABELS[name]}
              required={isRequired(name)}
              min={0}
              clampBehavior="none"
              thousandSeparator=","
              inputMode={money ? 'decimal' : 'numeric'}
              {...(money ? { prefix: '$', decimalScale: 2, fixedDecimalScale: true } : { allowDecimal: false })}
              {...form.getInputProps(name)}
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
