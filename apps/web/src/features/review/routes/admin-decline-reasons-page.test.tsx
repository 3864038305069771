import { DECLINE_REASON_MESSAGES, type DeclineCounts, type DeclineReason } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, requestsTo } from '@/test/fixtures';
import { fillIn, renderAsAdmin } from '@/test/render-app';

const LIST = 'GET /api/admin/decline-reasons';
const COUNTS = 'GET /api/admin/decline-reasons/counts';

const reason = (code: string, text: string, retired = false): DeclineReason => ({
  code,
  text,
  retired_at: retired ? '2026-11-02T00:00:00.000Z' : null,
  created_at: '2026-11-01T00:00:00.000Z',
});

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

const counts: DeclineCounts = {
  months: MONTHS,
  data: [
    { code: 'prohibited', text: 'Prohibited content', retired: false, counts: [...Array(11).fill(0), 3], total: 3 },
    { code: 'old_one', text: 'Old one', retired: true, counts: [1, ...Array(11).fill(0)], total: 1 },
  ],
};

describe('/admin/decline-reasons', () => {
  it('lists the reasons and the declines per month, retires one and adds one', async () => {
    const { fetchMock, user } = renderAsAdmin('/admin/decline-reasons', {
      [LIST]: () =>
        jsonResponse({ data: [reason('prohibited', 'Prohibited content'), reason('old_one', 'Old one', true)] }),
      [COUNTS]: () => jsonResponse(counts),
      'PATCH /api/admin/decline-reasons/prohibited': () =>
        jsonResponse({
          message: DECLINE_REASON_MESSAGES.updated,
          data: reason('prohibited', 'Prohibited content', true),
        }),
      'POST /api/admin/decline-reasons': () =>
        jsonResponse({ message: DECLINE_REASON_MESSAGES.created, data: reason('logo', 'Logo blurry') }, 201),
    });
    const reasons = await screen.findByRole('table', { name: 'Reasons' });
    const prohibited = (await within(reasons).findByText('Prohibited content')).closest('tr')!;
    expect(prohibited).toHaveTextContent('In use');
    expect(within(reasons).getByText('Old one').closest('tr')).toHaveTextContent('Retired');
    expect(screen.getByRole('link', { name: 'Decline reasons' })).toHaveAttribute('href', '/admin/decline-reasons');

    const table = await screen.findByRole('table', { name: 'Declines per reason, last 12 months' });
    expect(within(table).getByRole('columnheader', { name: 'Nov 2026' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Prohibited content' }).closest('tr')).toHaveTextContent(
      /3\s*3$/,
    );
    expect(within(table).getByRole('rowheader', { name: 'Old one (retired)' })).toBeInTheDocument();

    await user.click(within(prohibited).getByRole('button', { name: 'Retire Prohibited content' }));
    expect(await findToast('Success')).toHaveTextContent(DECLINE_REASON_MESSAGES.updated);
    expect(requestsTo(fetchMock, 'PATCH /api/admin/decline-reasons/prohibited')[0]!.body).toEqual({ retired: true });

    const form = screen.getByRole('form', { name: 'Add a reason' });
    await fillIn(user, within(form).getByLabelText(/^Code/), 'logo');
    await fillIn(user, within(form).getByLabelText('Text the customer reads'), ' Logo blurry ');
    await user.click(within(form).getByRole('button', { name: 'Add reason' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/admin/decline-reasons')[0]?.body).toEqual({
        code: 'logo',
        text: 'Logo blurry',
      }),
    );
  }, 20_000);
});
