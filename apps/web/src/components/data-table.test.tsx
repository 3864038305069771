import { Checkbox, MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { atPhoneWidth, bodyRows } from '@/test/fixtures';
import { DataTable, type DataColumn } from './data-table';

interface Row {
  id: number;
  name: string;
  status: string;
  spent: string;
  paid: string | null;
  note: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Autumn shoes', status: 'Active', spent: '$12.00', paid: '24 Nov 2026', note: 'kept' },
  { id: 2, name: 'Winter hats', status: 'Paused', spent: '$0.00', paid: null, note: 'kept' },
];

function renderList({ loading = false, onEdit = () => {} }: { loading?: boolean; onEdit?: (row: Row) => void } = {}) {
  const columns: DataColumn<Row>[] = [
    {
      key: 'select',
      header: <Checkbox aria-label="Select all" />,
      cell: (row) => <Checkbox aria-label={`Select ${row.name}`} />,
      card: 'control',
    },
    { key: 'name', header: 'Name', cell: (row) => row.name, card: 'title' },
    { key: 'paid', header: 'Date paid', cell: (row) => row.paid },
    { key: 'status', header: 'Status', cell: (row) => row.status, card: 'lead' },
    { key: 'spent', header: 'Amount spent', cell: (row) => row.spent, card: 'lead' },
    { key: 'note', header: 'Note', cell: (row) => row.note, card: 'hidden' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <button type="button" onClick={() => onEdit(row)}>
          Edit {row.name}
        </button>
      ),
      card: 'actions',
    },
  ];
  return render(
    <MantineProvider env="test">
      <DataTable label="Campaigns" loading={loading} minWidth={900} rows={ROWS} columns={columns} />
    </MantineProvider>,
  );
}

describe('DataTable', () => {
  it('shows "—" in a cell with no value, and the value otherwise', () => {
    const rows = [
      { id: 1, name: 'Autumn shoes', paid: '24 Nov 2026' },
      { id: 2, name: 'Winter hats', paid: '' },
      { id: 3, name: 'Spring', paid: null },
    ];
    render(
      <MantineProvider env="test">
        <DataTable
          label="Campaigns"
          loading={false}
          minWidth={400}
          rows={rows}
          columns={[
            { key: 'name', header: 'Name', cell: (row) => row.name },
            { key: 'paid', header: 'Date paid', cell: (row) => row.paid },
          ]}
        />
      </MantineProvider>,
    );
    expect(bodyRows(screen.getByRole('table', { name: 'Campaigns' }))).toEqual([
      ['Autumn shoes', '24 Nov 2026'],
      ['Winter hats', '—'],
      ['Spring', '—'],
    ]);
  });

  it('is a table with every column from the sm breakpoint up, and no cards', () => {
    renderList();
    const table = screen.getByRole('table', { name: 'Campaigns' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('is a list of cards on a phone: the title, "label: value" lines with the leads first, and the actions', async () => {
    atPhoneWidth();
    const onEdit = vi.fn();
    renderList({ onEdit });

    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Campaigns' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    // Each card is named by its title column.
    const card = within(list).getByRole('listitem', { name: 'Winter hats' });
    const lines = within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    // Leads (status, money) first, then the rest in the table's order; empty shows "—"; the
    // title, the control, the hidden column and the actions are no lines.
    expect(lines).toEqual([
      ['Status', 'Paused'],
      ['Amount spent', '$0.00'],
      ['Date paid', '—'],
    ]);
    expect(within(card).queryByText('kept')).not.toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Select Winter hats' })).toBeInTheDocument();

    // The row's action is on its card and works.
    await userEvent.click(within(card).getByRole('button', { name: 'Edit Winter hats' }));
    expect(onEdit).toHaveBeenCalledWith(ROWS[1]);

    // A control's header ("select all") stands once above the cards, outside them.
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    expect(list).not.toContainElement(selectAll);
  });

  it('shows placeholder cards while loading on a phone', () => {
    atPhoneWidth();
    renderList({ loading: true });
    const list = screen.getByRole('list', { name: 'Campaigns' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).getAllByTestId('table-skeleton-row')).toHaveLength(3);
    expect(screen.queryByText('Autumn shoes')).not.toBeInTheDocument();
  });
});
