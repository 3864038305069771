import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { daysInRange, fieldLabelOf, REPORT_FIGURES, type Report, type ReportFigureKey } from '@portal/contract';
import { useState } from 'react';
import { LoadFailedMessage } from '@/components/panel';
import { formatDate } from '@/lib/format';
import { DAILY_CHART_HEIGHT, DailyChart } from './daily-chart';
import {
  DAILY_TABLE_MAX_HEIGHT,
  DAILY_TABLE_ROW_HEIGHT,
  DailyTable,
  FigureSelect,
  figureLabel,
  formatFigure,
} from './report-figures';

/** "2 Nov 2026 – 1 Dec 2026": the days a report covers. */
export const rangeLabel = (range: { from: string; to: string }) =>
  `${formatDate(range.from)} – ${formatDate(range.to)}`;

/** Each figure's sum over the days; placeholders in the values' place while the report loads. */
function TotalsCards({ report }: { report: Report | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
      {REPORT_FIGURES.map((figure) => (
        <Paper key={figure.key} withBorder p="sm">
          <Text size="xs" c="dimmed">
            {fieldLabelOf(figure)}
          </Text>
          {report ? (
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {formatFigure(figure.key, report.totals[figure.key])}
            </Text>
          ) : (
            <Skeleton height={16} my={4} width="60%" />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The report of the page's campaigns together over the chosen days (docs/product/insights.md,
 * Reports over dates): the sums of each figure's daily values, one figure per day as a chart,
 * and every day in a table. While it loads, the panel keeps the same shape, with placeholders
 * where the values go, sized for the days asked for (`range`): what is below it on the page
 * does not move when the report arrives.
 */
export function ReportPanel({
  report,
  range,
  failed,
  onRetry,
  heading,
}: {
  report: Report | undefined;
  /** The days asked for; the report's own once it has arrived. */
  range: { from: string; to: string };
  failed: boolean;
  onRetry: () => void;
  heading: string;
}) {
  const [figure, setFigure] = useState<ReportFigureKey>('amount_spent');
  if (failed) return <LoadFailedMessage what="the report" onRetry={onRetry} />;
  const label = rangeLabel(report ?? range);
  // The table's header and a row per day, up to the height it scrolls at.
  const tableHeight = Math.min(
    DAILY_TABLE_MAX_HEIGHT,
    (daysInRange(range.from, range.to) + 1) * DAILY_TABLE_ROW_HEIGHT,
  );
  return (
    <Stack gap="md" aria-busy={!report || undefined}>
      <div>
        <Title order={3} size="h5">
          {heading}
        </Title>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </div>
      <TotalsCards report={report} />
      <Group justify="space-between" align="flex-end">
        <Title order={4} size="h6">
          {figureLabel(figure)} per day
        </Title>
        <FigureSelect value={figure} onChange={setFigure} />
      </Group>
      {report ? (
        <DailyChart days={report.days} figure={figure} label={`${figureLabel(figure)} per day, ${label}`} />
      ) : (
        <Skeleton height={DAILY_CHART_HEIGHT} radius="md" />
      )}
      <Title order={4} size="h6">
        Every figure per day
      </Title>
      {report ? (
        <DailyTable days={report.days} label={`Figures per day, ${label}`} />
      ) : (
        <Skeleton height={tableHeight} radius="md" />
      )}
    </Stack>
  );
}
