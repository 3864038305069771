import { Button, Skeleton, VisuallyHidden } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { EmptyMessage, Panel } from '@/components/panel';
import { paths } from '@/config/paths';
import { formatDate, formatUsd } from '@/lib/format';
import { useWeeklySpend } from '../api/dashboard';
import { useDashboardErrorToast } from '../hooks/dashboard-error-toast';
import { WeeklySpendChart } from './weekly-spend-chart';
import { hasSpend, WEEKLY_CHART_HEIGHT, weeklySpendRows, type WeeklySpendRow } from '../utils/weekly-spend-rows';

const amountOrDash = (amount: number | null, missing: string) => (amount === null ? missing : formatUsd(amount));
const withDate = (amount: string, date: string) => (date ? `${amount} (${formatDate(date)})` : amount);

/** The chart's figures as a table for screen readers: every day, both weeks, with dates. */
function WeeklySpendSummary({ rows }: { rows: WeeklySpendRow[] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>Amount spent per day, this week and last week</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">This week</th>
            <th scope="col">Last week</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <th scope="row">{row.day}</th>
              <td>{withDate(amountOrDash(row.thisWeek, 'to come'), row.thisWeekDate)}</td>
              <td>{withDate(amountOrDash(row.lastWeek, '—'), row.lastWeekDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/** The customer dashboard's "Amount Spent" panel: this week against last week, day by day. */
export function WeeklySpendPanel() {
  const spend = useWeeklySpend();
  useDashboardErrorToast(spend.error);
  // Drawn in the background when it arrives, in slices that leave the main thread free (docs/decisions/020-dashboard-rendering.md).
  const data = useDeferredValue(spend.data);
  const rows = data && !spend.isError ? weeklySpendRows(data) : [];

  return (
    <Panel
      title="Amount Spent"
      actions={
        <Button component={Link} to={paths.analytics} variant="default" size="xs">
          View analytics
        </Button>
      }
    >
      {data === undefined && !spend.isError ? (
        <div aria-busy="true">
          <VisuallyHidden>Loading the amount spent</VisuallyHidden>
          <Skeleton h={WEEKLY_CHART_HEIGHT} />
        </div>
      ) : hasSpend(rows) ? (
        <>
          <WeeklySpendChart rows={rows} />
          <WeeklySpendSummary rows={rows} />
        </>
      ) : (
        <EmptyMessage icon={<IconChartLine aria-hidden />} title="No information to display" />
      )}
    </Panel>
  );
}
