import { DAY_RANGE_MESSAGES, REFUND_LIMITS, REFUND_MESSAGES, type AdminPayment } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_VALUE } from '@/lib/format';
import { bodyRows, captureDownloads, findToast, jsonResponse, requestsTo, type ApiHandler } from '@/test/fixtures';
import { fillIn, renderAsAdmin } from '@/test/render-app';

const LIST = 'GET /api/admin/payments';
const EXPORT = 'GET /api/admin/payments/export';
const REFUND = 'POST /api/admin/payments/12/refunds';

function payment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: 12,
    transaction_id: 'pi_sbx_12',
    created_at: '2026-11-24T10:00:00.000Z',
    status: 'partially_refunded',
    amount: 120,
    refunded: 20.5,
    refundable: 99.5,
    payment_method: 'Visa •••• 4242',
    campaign_id: 9,
    campaign_name: 'Winter boots',
    receipt_url: '/receipts/12',
    advertiser_id: 3,
    advertiser_name: 'Lee Shoes',
    customer_name: 'Ann Lee',
    customer_email: 'ann@example.com',
    ...overrides,
  };
}

/** A field's text replaced, as pasting over it does. */
async function replaceWith(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await fillIn(user, field, text);
}

const page = (data: AdminPayment[], total = data.length) =>
  jsonResponse({
    data,
    pagination: { current_page: 1, per_page: 10, last_page: Math.max(1, Math.ceil(total / 10)), total },
  });

describe('/admin/payments', () => {
  it('lists every payment with its account, customer, refunds and status in words, from the menu', async () => {
    const { fetchMock } = renderAsAdmin('/admin/payments', {
      [LIST]: () =>
        page([
          payment(),
          payment({ id: 11, transaction_id: 'pi_sbx_11', status: 'succeeded', refunded: 0, refundable: 120 }),
        ]),
    });
    const table = await screen.findByRole('table', { name: 'Payments' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Date',
      'Account',
      'Customer',
      'Campaign',
      'Amount',
      'Refunded',
      'Status',
      'Card',
      'Transaction ID',
      'Actions',
    ]);
    expect(bodyRows(table)[0]).toEqual([
      '24 Nov 2026',
      'Lee Shoes',
      'Ann Leeann@example.com',
      'Winter boots',
      '$120.00',
      '$20.50',
      'Partly refunded',
      'Visa •••• 4242',
      'pi_sbx_12',
      'RefundReceipt for pi_sbx_12 (opens in a new tab)',
    ]);
    expect(bodyRows(table)[1]?.slice(5, 7)).toEqual([NO_VALUE, 'Paid']);
    expect(screen.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/admin/payments');
    expect(requestsTo(fetchMock, LIST)[0]?.url.searchParams.toString()).toBe('page=1&per_page=10&search=');
  });

  it('keeps the search and days in the address, asks with them, and refuses days out of order', async () => {
    const { fetchMock, router } = renderAsAdmin('/admin/payments?search=lee&from=2026-11-01', {
      [LIST]: () => page([payment()]),
    });
    await screen.findByText('pi_sbx_12');
    const asked = () => requestsTo(fetchMock, LIST).map((request) => request.url.searchParams);
    expect(asked()[0]?.get('search')).toBe('lee');
    expect(asked()[0]?.get('from')).toBe('2026-11-01');
    expect(asked()[0]?.has('to')).toBe(false);

    // A date field's picker gives a whole day at once.
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '2026-10-15' } });
    // From after To is not asked for: the field says why, in the server's words.
    expect(await screen.findByText(DAY_RANGE_MESSAGES.order)).toBeInTheDocument();
    expect(asked().some((params) => params.get('to') === '2026-10-15')).toBe(false);

    fireEvent.change(to, { target: { value: '2026-11-30' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=lee&from=2026-11-01&to=2026-11-30'));
    await waitFor(() => expect(asked().at(-1)?.get('to')).toBe('2026-11-30'));
    expect(screen.queryByText(DAY_RANGE_MESSAGES.order)).not.toBeInTheDocument();
  });

  it('says so when no payment matches, and offers no file then', async () => {
    renderAsAdmin('/admin/payments?search=nobody', { [LIST]: () => page([]) });
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    expect(screen.getByText('No payment matches the search and dates.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  describe('Download CSV', () => {
    const { clicked } = captureDownloads('blob:payments');

    it("downloads the same search and days, under the server's name", async () => {
      const { fetchMock, user } = renderAsAdmin('/admin/payments?search=lee&to=2026-11-30', {
        [LIST]: () => page([payment()]),
        [EXPORT]: () =>
          new Response('id\n12\n', {
            headers: { 'Content-Disposition': 'attachment; filename="payments-2026-11-24.csv"' },
          }),
      });
      await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:payments', download: 'payments-2026-11-24.csv' }]));
      const [request] = requestsTo(fetchMock, EXPORT);
      expect(request?.url.searchParams.toString()).toBe('search=lee&to=2026-11-30');
    });
  });
});

describe('the refund dialog', () => {
  async function openDialog(handlers: Record<string, ApiHandler> = {}) {
    const opened = renderAsAdmin('/admin/payments', { [LIST]: () => page([payment()]), ...handlers });
    await opened.user.click(await screen.findByRole('button', { name: 'Refund pi_sbx_12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    return { ...opened, dialog };
  }

  it('starts at what is left to refund, says what was paid and refunded, and sends the amount and reason', async () => {
    const { dialog, fetchMock, user } = await openDialog({
      [REFUND]: () =>
        jsonResponse({
          message: REFUND_MESSAGES.made,
          data: {
            refund: {
              id: 4,
              created_at: '2026-11-25T10:00:00.000Z',
              amount: 30,
              reason: 'Paid twice',
              status: 'succeeded',
            },
            payment: payment({ refunded: 50.5, refundable: 69.5 }),
          },
        }),
    });
    expect(dialog).toHaveTextContent(
      '$120.00 paid for “Winter boots” on 24 Nov 2026 with Visa •••• 4242. Refunded so far: $20.50. Left to refund: $99.50.',
    );
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue('$99.50');
    // The focus starts in the first field.
    expect(amount).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Refund $99.50' })).toBeInTheDocument();

    await replaceWith(user, amount, '30');
    await fillIn(user, within(dialog).getByLabelText('Reason'), 'Paid twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $30.00' }));

    expect(await findToast('Refund made')).toHaveTextContent(REFUND_MESSAGES.made);
    expect(requestsTo(fetchMock, REFUND).map((request) => request.body)).toEqual([
      { amount: 30, reason: 'Paid twice' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list reloads with the refund.
    await waitFor(() => expect(requestsTo(fetchMock, LIST)).toHaveLength(2));
  });

  it('checks the amount and reason as the server does, and sends nothing until they are right', async () => {
    const { dialog, fetchMock, user } = await openDialog();
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await replaceWith(user, amount, '99.51');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $99.51' }));
    expect(
      await within(dialog).findByText('The amount cannot be more than the $99.50 left to refund'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(REFUND_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(amount).toHaveFocus();

    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(REFUND_MESSAGES.amountRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('maxlength', String(REFUND_LIMITS.reasonMaxLength));
    expect(requestsTo(fetchMock, REFUND)).toEqual([]);
  });

  it("shows the server's refusal under its field, and the provider's refusal in a toast", async () => {
    let answer = jsonResponse(
      {
        message: 'The amount cannot be more than the $10.00 left to refund',
        errors: { amount: ['The amount cannot be more than the $10.00 left to refund'] },
      },
      422,
    );
    const { dialog, user } = await openDialog({ [REFUND]: () => answer });
    await replaceWith(user, within(dialog).getByLabelText('Amount (USD)'), '20');
    await fillIn(user, within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $20.00' }));
    expect(
      await within(dialog).findByText('The amount cannot be more than the $10.00 left to refund'),
    ).toBeInTheDocument();
    expect(await findToast('Refund failed')).toHaveTextContent(
      'The amount cannot be more than the $10.00 left to refund',
    );

    answer = jsonResponse({ message: REFUND_MESSAGES.refused('This charge is disputed.') }, 502);
    await replaceWith(user, within(dialog).getByLabelText('Amount (USD)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $5.00' }));
    // The first refusal's toast may still be up: the second is the one with the provider's words.
    expect(await screen.findByText(REFUND_MESSAGES.refused('This charge is disputed.'))).toBeInTheDocument();
    // Still open, to try again or cancel.
    expect(screen.getByRole('dialog', { name: 'Refund payment' })).toBeInTheDocument();
  });

  it('closes on a refund left pending, and says it completes by itself', async () => {
    const { dialog, user } = await openDialog({
      [REFUND]: () => jsonResponse({ message: REFUND_MESSAGES.pending }, 503),
    });
    await fillIn(user, within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $99.50' }));
    expect(await findToast('Refund pending')).toHaveTextContent(REFUND_MESSAGES.pending);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens empty again after a cancel', async () => {
    const { dialog, user } = await openDialog();
    await fillIn(user, within(dialog).getByLabelText('Reason'), 'Typed then dropped');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Refund pi_sbx_12' }));
    const again = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(within(again).getByLabelText('Reason')).toHaveValue('');
  });

  it('is not offered for a payment refunded in full', async () => {
    renderAsAdmin('/admin/payments', {
      [LIST]: () => page([payment({ status: 'refunded', refunded: 120, refundable: 0 })]),
    });
    expect(await screen.findByRole('button', { name: 'Refund pi_sbx_12' })).toBeDisabled();
  });
});
