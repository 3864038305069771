import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { formatDate, formatUsd } from '@/lib/format';
import { formatAxisAmount, spendAxisTicks } from '../utils/weekly-spend-axis';
import { WEEKLY_CHART_HEIGHT, type WeeklySpendRow } from '../utils/weekly-spend-rows';
import classes from './weekly-spend-chart.module.css';

/**
 * The Amount Spent line chart (docs/product/insights.md, Weekly spend). It is the only module
 * that imports @mantine/charts and recharts (and their CSS), and the dashboard loads it lazily,
 * so they stay out of every other page's chunks and stylesheet.
 */

const SERIES = [
  { name: 'thisWeek', label: 'This week', color: 'var(--weekly-this-week)' },
  { name: 'lastWeek', label: 'Last week', color: 'var(--weekly-last-week)', strokeDasharray: '6 4' },
];

/** "This week (18 Nov 2026)"; the date is left out when the answer lacks it. */
const weekLabel = (week: string, date: string) => (date ? `${week} (${formatDate(date)})` : week);

function SpendTooltip({ row }: { row: WeeklySpendRow | undefined }) {
  if (!row) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" miw={180}>
      <Text size="sm" fw={600}>
        {row.day}
      </Text>
      <Text size="sm">
        {weekLabel('This week', row.thisWeekDate)}: {row.thisWeek === null ? 'to come' : formatUsd(row.thisWeek)}
      </Text>
      <Text size="sm">
        {weekLabel('Last week', row.lastWeekDate)}: {row.lastWeek === null ? '—' : formatUsd(row.lastWeek)}
      </Text>
    </Paper>
  );
}

export function WeeklySpendChart({ rows }: { rows: WeeklySpendRow[] }) {
  const ticks = spendAxisTicks(rows.flatMap((row) => [row.thisWeek, row.lastWeek]));
  return (
    <LineChart
      className={classes.chart}
      h={WEEKLY_CHART_HEIGHT}
      data={rows}
      dataKey="day"
      series={SERIES}
      // Days of this week still to come are null: no line is drawn to them.
      connectNulls={false}
      // Drawn at once: the animation re-drew the lines on every frame for a second and a half,
      // the heaviest work of the whole dashboard (Total Blocking Time).
      lineProps={{ isAnimationActive: false }}
      curveType="linear"
      withLegend
      // In the series' order (This week first), not sorted by name.
      legendProps={{ verticalAlign: 'top', height: 40, itemSorter: null }}
      gridAxis="xy"
      // Every day is labelled, however narrow the chart.
      xAxisProps={{ interval: 0 }}
      yAxisProps={{
        domain: [ticks[0]!, ticks.at(-1)!],
        ticks,
        interval: 0,
        tickFormatter: formatAxisAmount,
        width: 56,
      }}
      // The arrow keys move between days once the chart has the focus; the tooltip follows.
      lineChartProps={{
        title: 'Amount spent per day, this week against last week',
        desc: 'Use the left and right arrow keys to go from day to day. The same figures follow as a table.',
      }}
      tooltipProps={{
        content: ({ label }) => <SpendTooltip row={rows.find((row) => row.day === label)} />,
      }}
    />
  );
}
