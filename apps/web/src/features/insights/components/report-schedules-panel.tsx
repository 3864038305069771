import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MAX_REPORT_SCHEDULES, REPORT_FREQUENCY_TEXTS, type ReportSchedule } from '@portal/contract';
import { IconCalendarStats } from '@tabler/icons-react';
import { useState } from 'react';
import { Panel } from '@/components/panel';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/membership';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useDeleteReportSchedule, useReportSchedules } from '../api/report-schedules';
import { ReportScheduleDialog } from './report-schedule-dialog';

const covers = (schedule: ReportSchedule) =>
  schedule.campaign_ids === null
    ? 'All campaigns'
    : schedule.campaign_ids.length === 1
      ? '1 chosen campaign'
      : `${schedule.campaign_ids.length} chosen campaigns`;

/** How a button names a schedule: "Weekly report, all campaigns". */
const nameOf = (schedule: ReportSchedule) =>
  `${REPORT_FREQUENCY_TEXTS[schedule.frequency].label} report, ${covers(schedule).toLowerCase()}`;

/**
 * Scheduled reports (docs/product/insights.md, Scheduled reports): the user's weekly or monthly
 * e-mails of the current account's figures, to add, change or delete. For those who may view campaigns.
 */
export function ReportSchedulesPanel() {
  const allowed = useCan('campaigns.view') === true;
  const query = useReportSchedules(allowed);
  const remove = useDeleteReportSchedule();
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);
  if (!allowed) return null;
  const schedules = query.data?.data ?? [];

  const confirmDelete = (schedule: ReportSchedule) =>
    modals.openConfirmModal({
      title: 'Delete this scheduled report?',
      children: <Text size="sm">The e-mail stops from the next period on.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(schedule.id, {
          onSuccess: (answer) => notifySuccess('Done', answer.message),
          onError: (error) => notifyRequestError(error, 'Could not delete the report'),
        }),
    });

  return (
    <Panel
      title="Scheduled reports"
      actions={
        <Button
          variant="default"
          leftSection={<IconCalendarStats size={16} aria-hidden />}
          disabled={schedules.length >= MAX_REPORT_SCHEDULES}
          onClick={() => setEditing('new')}
        >
          Add report
        </Button>
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        The totals of this account&apos;s campaigns by e-mail, with the change from the period before and a CSV file, in
        the account&apos;s time zone. At most {MAX_REPORT_SCHEDULES}.
      </Text>
      {query.isPending ? (
        <Text c="dimmed">Loading reports…</Text>
      ) : query.isError ? (
        <Text c="dimmed">The scheduled reports could not be loaded.</Text>
      ) : schedules.length === 0 ? (
        <Text c="dimmed">No scheduled reports yet.</Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your scheduled reports">
          {schedules.map((schedule) => (
            <ScheduleRow
              key={schedule.id}
              schedule={schedule}
              onEdit={() => setEditing(schedule)}
              onDelete={() => confirmDelete(schedule)}
            />
          ))}
        </Stack>
      )}
      {editing && (
        <ReportScheduleDialog schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Panel>
  );
}

/** One report: how often and of what, when the next goes out, and Edit and Delete. */
function ScheduleRow({
  schedule,
  onEdit,
  onDelete,
}: {
  schedule: ReportSchedule;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { label, when } = REPORT_FREQUENCY_TEXTS[schedule.frequency];
  return (
    <Group
      component="li"
      justify="space-between"
      gap="sm"
      py="sm"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2}>
        <Text fw={600}>
          {label} · {covers(schedule)}
        </Text>
        <Text size="sm" c="dimmed">
          {when} · Next on {formatDate(schedule.next_send_on)}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button variant="subtle" aria-label={`Edit ${nameOf(schedule)}`} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="subtle" color="red" aria-label={`Delete ${nameOf(schedule)}`} onClick={onDelete}>
          Delete
        </Button>
      </Group>
    </Group>
  );
}
