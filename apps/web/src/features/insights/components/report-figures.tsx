import { ScrollRegion } from '@/components/scroll-region';
import { Select, Table } from '@mantine/core';
import { fieldLabelOf, REPORT_FIGURES, type ReportDay, type ReportFigureKey } from '@portal/contract';
import { formatCount, formatDate, formatUsd } from '@/lib/format';

/** A report figure's value in its unit: dollars, or a count. */
export const formatFigure = (key: ReportFigureKey, value: number): string =>
  REPORT_FIGURES.find((figure) => figure.key === key)?.unit === 'money' ? formatUsd(value) : formatCount(value);

export const figureLabel = (key: ReportFigureKey): string =>
  fieldLabelOf(REPORT_FIGURES.find((figure) => figure.key === key)!);

const FIGURE_OPTIONS = REPORT_FIGURES.map((figure) => ({ value: figure.key, label: fieldLabelOf(figure) }));

/** Which figure a chart or a comparison's days show. */
export function FigureSelect({
  value,
  onChange,
}: {
  value: ReportFigureKey;
  onChange: (key: ReportFigureKey) => void;
}) {
  return (
    <Select
      label="Figure"
      data={FIGURE_OPTIONS}
      value={value}
      allowDeselect={false}
      w={{ base: '100%', xs: 220 }}
      onChange={(key) => key && onChange(key as ReportFigureKey)}
    />
  );
}

/** The per-day table's height before it scrolls, and a row's height (px) as drawn: its placeholder's measures. */
export const DAILY_TABLE_MAX_HEIGHT = 420;
export const DAILY_TABLE_ROW_HEIGHT = 34;

/** Every day of a report with each figure, the date column kept in view while the rest scrolls. */
export function DailyTable({ days, label }: { days: ReportDay[]; label: string }) {
  return (
    <ScrollRegion label={label} minWidth={REPORT_FIGURES.length * 110} maxHeight={DAILY_TABLE_MAX_HEIGHT}>
      <Table aria-label={label} stickyHeader striped verticalSpacing={6} horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            {REPORT_FIGURES.map((figure) => (
              <Table.Th key={figure.key} scope="col" ta="right">
                {fieldLabelOf(figure)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <Table.Tr key={day.date}>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap', fontWeight: 'normal' }}>
                {formatDate(day.date)}
              </Table.Th>
              {REPORT_FIGURES.map((figure) => (
                <Table.Td key={figure.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatFigure(figure.key, day[figure.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
