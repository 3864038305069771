import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyRows } from '@/test/fixtures';
import { DataTable } from './data-table';

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
});
