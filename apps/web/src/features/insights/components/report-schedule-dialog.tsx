import { Button, Group, MultiSelect, Radio, Stack } from '@mantine/core';
import {
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_TEXTS,
  type ReportFrequency,
  type ReportSchedule,
} from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@/components/dialog';
import { isApiError } from '@/lib/api-error';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useSaveReportSchedule, useSchedulableCampaigns } from '../api/report-schedules';

/** Add or edit a scheduled report: how often, and every campaign or chosen ones. */
export function ReportScheduleDialog({ schedule, onClose }: { schedule: ReportSchedule | null; onClose: () => void }) {
  const save = useSaveReportSchedule();
  const campaigns = useSchedulableCampaigns();
  const [frequency, setFrequency] = useState<ReportFrequency>(schedule?.frequency ?? 'weekly');
  const [which, setWhich] = useState<'all' | 'chosen'>(schedule?.campaign_ids ? 'chosen' : 'all');
  const [chosen, setChosen] = useState<string[]>(schedule?.campaign_ids?.map(String) ?? []);
  const errors = isApiError(save.error) ? save.error.errors : {};
  const options = (campaigns.data?.data ?? []).map((campaign) => ({
    value: String(campaign.id),
    label: campaign.campaign_name,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { frequency, campaign_ids: which === 'all' ? null : chosen.map(Number) };
    save.mutate(
      { id: schedule?.id ?? null, body },
      {
        onSuccess: (answer) => {
          notifySuccess('Done', answer.message);
          onClose();
        },
        onError: (error) => notifyRequestError(error, 'Could not save the report'),
      },
    );
  };

  return (
    <Dialog opened onClose={onClose} title={schedule ? 'Edit scheduled report' : 'Add a scheduled report'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Radio.Group label="How often" value={frequency} onChange={(value) => setFrequency(value as ReportFrequency)}>
            <Stack gap="xs" mt="xs">
              {REPORT_FREQUENCIES.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={REPORT_FREQUENCY_TEXTS[option].label}
                  description={REPORT_FREQUENCY_TEXTS[option].when}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group
            label="Campaigns"
            value={which}
            onChange={(value) => setWhich(value as 'all' | 'chosen')}
            error={which === 'all' ? errors.campaign_ids?.[0] : undefined}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="all" label="All campaigns, those added later too" />
              <Radio value="chosen" label="Chosen campaigns" />
            </Stack>
          </Radio.Group>
          {which === 'chosen' && (
            <MultiSelect
              label="Chosen campaigns"
              placeholder={options.length === 0 ? 'No campaigns with figures yet' : 'Choose campaigns'}
              data={options}
              value={chosen}
              onChange={setChosen}
              searchable
              error={errors.campaign_ids?.[0]}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
