import { em, Group, Paper, px, Skeleton, Table, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext, useId, type ReactNode } from 'react';
import { NO_VALUE } from '@/lib/format';
import classes from './data-table.module.css';

/**
 * Where a column goes on a phone, where each row is a card (docs/product/accounts.md, Lists on
 * phones). Unset, the column is a "header: value" line.
 * - `title`: heads the card, without a label (the row's name).
 * - `control`: beside the title, without a label (a selection box, which names itself); its
 *   header (a "select all" box) stands above the cards.
 * - `lead`: a line that comes first, right under the title (status, delivery, money).
 * - `actions`: the row's buttons, at the bottom of the card.
 * - `hidden`: not on the card.
 */
export type CardPlace = 'title' | 'control' | 'lead' | 'actions' | 'hidden';

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Dates and amounts stay on one line. */
  nowrap?: boolean;
  card?: CardPlace;
}

export type DataTableLayout = 'table' | 'cards';

const LayoutContext = createContext<DataTableLayout>('table');

/**
 * How the list around a cell is shown, for cells that read better another way on a card (icon
 * buttons that spell out their label, a checkbox that says what it selects).
 */
export const useDataTableLayout = () => useContext(LayoutContext);

const SKELETON_ROWS = 3;

/** A cell with nothing in it ('' or null, say an unpaid campaign's date paid) shows NO_VALUE. */
const orNoValue = (content: ReactNode) =>
  content === null || content === undefined || content === '' ? NO_VALUE : content;

const HIGHLIGHT = 'var(--mantine-primary-color-light)';

/**
 * True below the theme's `sm` breakpoint: the same limit as Mantine's `hiddenFrom="sm"`. Read
 * at the first render too (as the portal layout does), so a phone never draws the table first.
 */
function useCards(): boolean {
  const theme = useMantineTheme();
  const query = `(max-width: ${em(Number(px(theme.breakpoints.sm)) - 0.1)})`;
  return useMediaQuery(query, window.matchMedia(query).matches);
}

interface ListProps<Row> {
  /** The list's accessible name. */
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  loading: boolean;
  highlighted?: (row: Row) => boolean;
}

function RowsTable<Row extends { id: number }>({
  label,
  columns,
  rows,
  loading,
  highlighted,
  minWidth,
}: ListProps<Row> & { minWidth: number }) {
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
                <Table.Tr key={row.id} bg={highlighted?.(row) ? HIGHLIGHT : undefined}>
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

function RowCard<Row>({ row, columns, highlighted }: { row: Row; columns: DataColumn<Row>[]; highlighted: boolean }) {
  const titleId = useId();
  const placed = (place: CardPlace | undefined) => columns.filter((column) => column.card === place);
  const title = placed('title');
  const controls = placed('control');
  // Leads first, then the unmarked columns, each in the table's order.
  const lines = [...placed('lead'), ...placed(undefined)];
  const actions = placed('actions');
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      className={classes.card}
      bg={highlighted ? HIGHLIGHT : undefined}
      aria-labelledby={title.length > 0 ? titleId : undefined}
    >
      {(title.length > 0 || controls.length > 0) && (
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div id={titleId} className={classes.title}>
            {title.map((column) => (
              <div key={column.key}>{orNoValue(column.cell(row))}</div>
            ))}
          </div>
          {controls.map((column) => (
            <div key={column.key}>{column.cell(row)}</div>
          ))}
        </Group>
      )}
      {lines.length > 0 && (
        <dl className={classes.lines}>
          {lines.map((column) => (
            <div key={column.key} className={classes.line}>
              <dt className={classes.term}>{column.header}</dt>
              <dd className={classes.value}>{orNoValue(column.cell(row))}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions.map((column) => (
        <div key={column.key} className={classes.actions}>
          {column.cell(row)}
        </div>
      ))}
    </Paper>
  );
}

function RowCards<Row extends { id: number }>({ label, columns, rows, loading, highlighted }: ListProps<Row>) {
  const shown = columns.filter((column) => column.card !== 'hidden');
  // A control's header acts on every card ("select all"); it has no card of its own.
  const headers = loading ? [] : shown.filter((column) => column.card === 'control');
  return (
    <div>
      {headers.length > 0 && (
        <Group gap="md" mb="xs" px="sm">
          {headers.map((column) => (
            <div key={column.key}>{column.header}</div>
          ))}
        </Group>
      )}
      {/* role="list" because Safari drops the list's meaning from a <ul> without bullets. */}
      <ul role="list" aria-label={label} aria-busy={loading || undefined} className={classes.cards}>
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <Paper component="li" key={index} withBorder p="sm" data-testid="table-skeleton-row">
                <Skeleton height={14} width="60%" radius="sm" mb="sm" />
                <Skeleton height={10} radius="sm" mb="xs" />
                <Skeleton height={10} width="80%" radius="sm" />
              </Paper>
            ))
          : rows.map((row) => (
              <RowCard key={row.id} row={row} columns={shown} highlighted={highlighted?.(row) ?? false} />
            ))}
      </ul>
    </div>
  );
}

/**
 * A list's table: a header of `columns`, a row per item, placeholder rows while the page
 * loads; it scrolls sideways on screens narrower than `minWidth`. Below the theme's `sm`
 * breakpoint (phones) it is a list of cards instead, one a row, laid out by each column's
 * `card`, so that nothing, the row's actions least of all, hides off to the side. Only one of
 * the two is drawn, so screen readers and tests meet one list. Empty cells show "—".
 */
export function DataTable<Row extends { id: number }>({
  minWidth,
  ...list
}: ListProps<Row> & {
  /** Below this width the table scrolls sideways (from `sm` up only). */
  minWidth: number;
  /** Rows shown as chosen (the selection bar's). */
  highlighted?: (row: Row) => boolean;
}) {
  const cards = useCards();
  return (
    <LayoutContext.Provider value={cards ? 'cards' : 'table'}>
      {cards ? <RowCards {...list} /> : <RowsTable {...list} minWidth={minWidth} />}
    </LayoutContext.Provider>
  );
}
