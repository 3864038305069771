import { Skeleton, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { NO_VALUE } from '@/lib/format';

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Dates and amounts stay on one line. */
  nowrap?: boolean;
}

const SKELETON_ROWS = 3;

/** A cell with nothing in it ('' or null, say an unpaid campaign's date paid) shows NO_VALUE. */
const orNoValue = (content: ReactNode) =>
  content === null || content === undefined || content === '' ? NO_VALUE : content;

/**
 * A list's table: a header of `columns`, a row per item, placeholder rows while the page
 * loads; it scrolls sideways on screens narrower than `minWidth`. Empty cells show "—".
 */
export function DataTable<Row extends { id: number }>({
  label,
  columns,
  rows,
  loading,
  minWidth,
  highlighted,
}: {
  /** The table's accessible name. */
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  loading: boolean;
  minWidth: number;
  /** Rows shown as chosen (the selection bar's). */
  highlighted?: (row: Row) => boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        aria-label={label}
        aria-busy={loading || undefined}
        verticalSpacing="sm"
        horizontalSpacing="xs"
        highlightOnHover
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <Table.Tr key={index} data-testid="table-skeleton-row">
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton height={12} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr key={row.id} bg={highlighted?.(row) ? 'var(--mantine-primary-color-light)' : undefined}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {orNoValue(column.cell(row))}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
