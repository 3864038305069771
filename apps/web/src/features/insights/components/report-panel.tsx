import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { fieldLabelOf, REPORT_FIGURES, type Report, type ReportFigureKey } from '@portal/contract';
import { useState } from 'react';
import { LoadFailedMessage } from '@/components/panel';
import { formatDate } from '@/lib/format';
import { DailyChart } from './daily-chart';
import { DailyTable, FigureSelect, figureLabel, formatFigure } from './report-figures';

/** "2 Nov 2026 – 1 Dec 2026": the days a report covers. */
export const rangeLabel = (range: { from: string; to: string }) =>
  `${formatDate(range.from)} – ${formatDate(range.to)}`;

function TotalsCards({ report }: { report: Report }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
      {REPORT_FIGURES.map((figure) => (
        <Paper key={figure.key} withBorder p="sm">
          <Text size="xs" c="dimmed">
            {fieldLabelOf(figure)}
          </Text>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {formatFigure(figure.key, report.totals[figure.key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The report of the page's campaigns together over the chosen days (docs/product/insights.md,
 * Reports over dates): the sums of each figure's daily values, one figure per day as a chart,
 * and every day in a table.
 */
export function ReportPanel({
  report,
  failed,
  onRetry,
  heading,
}: {
  report: Report | undefined;
  failed: boolean;
  onRetry: () => void;
  heading: string;
}) {
  const [figure, setFigure] = useState<ReportFigureKey>('amount_spent');
  if (failed) return <LoadFailedMessage what="the report" onRetry={onRetry} />;
  if (!report) return <Skeleton height={300} radius="md" aria-busy />;
  const range = rangeLabel(report);
  return (
    <Stack gap="md">
      <div>
        <Title order={3} size="h5">
          {heading}
        </Title>
        <Text size="sm" c="dimmed">
          {range}
        </Text>
      </div>
      <TotalsCards report={report} />
      <Group justify="space-between" align="flex-end">
        <Title order={4} size="h6">
          {figureLabel(figure)} per day
        </Title>
        <FigureSelect value={figure} onChange={setFigure} />
      </Group>
      <DailyChart days={report.days} figure={figure} label={`${figureLabel(figure)} per day, ${range}`} />
      <Title order={4} size="h6">
        Every figure per day
      </Title>
      <DailyTable days={report.days} label={`Figures per day, ${range}`} />
    </Stack>
  );
}
