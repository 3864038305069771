import { Button, Group, Menu, Stack } from '@mantine/core';
import { flightStartOf, type Campaign, type ExportForm } from '@portal/contract';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { notifyRequestError } from '@/lib/notify';
import type { AnalyticsScope } from '@/lib/query-keys';
import { useRangeExport, useReport } from '../api/reports';
import { useReportRange } from '../hooks/use-report-range';
import { ReportPanel } from './report-panel';
import { ReportRangePicker } from './report-range-picker';
import { ShareReportButton } from './share-report-dialog';

/** The earliest flight start of the chosen campaigns; undefined with none chosen. */
function earliestFlightStart(chosen: Campaign[]): string | null | undefined {
  if (chosen.length === 0) return undefined;
  const starts = chosen.map(flightStartOf).filter((start): start is string => start !== null);
  return starts.length > 0 ? starts.sort()[0]! : null;
}

/** "Download dates CSV": the range's file, a row per campaign and day or per campaign. */
function RangeExportMenu({ scope, search }: { scope: AnalyticsScope; search: string }) {
  const { range } = useReportRange();
  const download = useRangeExport(scope);
  const save = (form: ExportForm) =>
    download.mutate({ search, range, form }, { onError: (error) => notifyRequestError(error, 'Something went wrong') });
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          loading={download.isPending}
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Download dates CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => save('per_day')}>Per day</Menu.Item>
        <Menu.Item onClick={() => save('totals')}>Totals</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The page's dates and its report over them (docs/product/insights.md, Reports over dates): the
 * range picker, the CSV of the range, and the sums, chart and table of the page's campaigns.
 */
export function AnalyticsReportSection(props: {
  scope: AnalyticsScope;
  search: string;
  exportable: boolean;
  chosen: Campaign[];
}) {
  const { scope, search, exportable, chosen } = props;
  const { preset, range, setRange } = useReportRange();
  const report = useReport(scope, range);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ReportRangePicker
          preset={preset}
          range={range}
          flightStart={earliestFlightStart(chosen)}
          onChange={setRange}
        />
        <Group gap="xs">
          {scope === 'customer' && <ShareReportButton campaign={null} range={range} />}
          {exportable && <RangeExportMenu scope={scope} search={search} />}
        </Group>
      </Group>
      <ReportPanel
        heading={scope === 'customer' ? 'Your campaigns over these dates' : 'All campaigns over these dates'}
        report={report.data?.data}
        range={range}
        failed={report.isError}
        onRetry={() => void report.refetch()}
      />
    </Stack>
  );
}
