import { PAYMENT_MESSAGES, ROLE, type Receipt } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { bodyRows, documentParties, jsonResponse, loginResponse, requestsTo, stubApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const RECEIPT = 'GET /api/receipts/12';
const DOCUMENTS = 'GET /api/payment-documents';

function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: 12,
    transaction_id: 'pi_sbx_12',
    created_at: '2026-11-24T10:00:00.000Z',
    status: 'succeeded',
    amount: 280,
    refunded: 0,
    payment_method: 'Visa •••• 4242',
    campaign_id: 9,
    campaign_name: 'Winter boots',
    receipt_url: '/receipts/12',
    receipt_number: 'R-000012',
    ...documentParties(),
    covers_until: '2026-12-01T10:00:00.000Z',
    refunds: [],
    ...overrides,
  };
}

describe('/receipts/:id', () => {
  it('shows the receipt on a printable page of its own', async () => {
    const fetchMock = stubApi({
      [RECEIPT]: () => jsonResponse({ data: receipt() }),
      [DOCUMENTS]: () =>
        jsonResponse({
          data: [
            {
              id: 40,
              kind: 'invoice',
              number: '2026-000012',
              payment_id: 12,
              issued_at: '2026-11-24T10:00:00.000Z',
              total: 280,
            },
          ],
        }),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/receipts/12');

    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' })).toBeInTheDocument();
    const sheet = screen.getByRole('article', { name: 'Receipt' });
    for (const text of [
      'Advertiser Portal',
      'pi_sbx_12',
      '24 Nov 2026',
      '$280.00',
      'Visa •••• 4242',
      'Winter boots',
      'Ann Lee',
      'ann@example.com',
      'Lee Shoes Ltd',
      '1 Main Street, Springfield, Oregon, 97403',
      'United States',
      'Covers until 1 Dec 2026',
      // Its number, the seller and the buyer's tax id.
      'Receipt numberR-000012',
      'Issued by',
      'Ads Ltd',
      '2 Market Street, Leeds LS1 6DT',
      'Tax IDGB123456789',
      'Tax IDUS-98-7654321',
    ]) {
      expect(sheet).toHaveTextContent(text);
    }
    // Its invoice, to open in a new tab or download.
    const invoice = await within(sheet).findByRole('link', {
      name: /^Invoice\s*2026-000012\s*\(opens in a new tab\)$/,
    });
    expect(invoice).toHaveAttribute('href', '/invoices/40');
    expect(within(sheet).getByRole('button', { name: /^PDF\s*of 2026-000012$/ })).toBeInTheDocument();
    expect(requestsTo(fetchMock, DOCUMENTS)[0]?.url.searchParams.get('payment_ids')).toBe('12');
    // The status in words, not as the provider writes it.
    expect(sheet).toHaveTextContent('Paid');
    expect(sheet).not.toHaveTextContent('succeeded');
    // No portal menu around it.
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, RECEIPT)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('lists the refunds made of it, with the date, amount and reason, and says how much was refunded', async () => {
    stubApi({
      [RECEIPT]: () =>
        jsonResponse({
          data: receipt({
            status: 'partially_refunded',
            refunded: 50.5,
            refunds: [
              { id: 3, created_at: '2026-11-25T10:00:00.000Z', amount: 20.5, reason: 'Two days did not run' },
              { id: 4, created_at: '2026-11-27T10:00:00.000Z', amount: 30, reason: 'Paid twice' },
            ],
          }),
        }),
    });
    sessionStore.signIn(loginResponse());
    renderApp('/receipts/12');
    const sheet = await screen.findByRole('article', { name: 'Receipt' });
    expect(sheet).toHaveTextContent('StatusPartly refunded');
    expect(sheet).toHaveTextContent('Refunded$50.50');
    const refunds = within(sheet).getByRole('table', { name: 'Refunds' });
    expect(bodyRows(refunds)).toEqual([
      ['25 Nov 2026', '$20.50', 'Two days did not run'],
      ['27 Nov 2026', '$30.00', 'Paid twice'],
    ]);
  });

  it('has no Refunds list while nothing was refunded', async () => {
    stubApi({ [RECEIPT]: () => jsonResponse({ data: receipt() }) });
    sessionStore.signIn(loginResponse());
    renderApp('/receipts/12');
    await screen.findByRole('article', { name: 'Receipt' });
    expect(screen.queryByRole('table', { name: 'Refunds' })).not.toBeInTheDocument();
    expect(screen.queryByText('Refunded')).not.toBeInTheDocument();
  });

  it('leaves out "Covers until" for a lifetime budget, and opens for administrators too', async () => {
    stubApi({
      [DOCUMENTS]: () => jsonResponse({ data: [] }),
      [RECEIPT]: () =>
        jsonResponse({
          data: receipt({
            covers_until: null,
            seller: { name: 'Advertiser Portal', address: null, tax_id: null },
            billing: { ...receipt().billing, tax_id: null },
          }),
        }),
    });
    sessionStore.signIn(loginResponse({ role_id: ROLE.admin }));
    renderApp('/receipts/12');
    expect(await screen.findByRole('article', { name: 'Receipt' })).toHaveTextContent('pi_sbx_12');
    expect(screen.queryByText(/Covers until/)).not.toBeInTheDocument();
    // A seller without address or tax id set, and a buyer who saved none, print no empty lines.
    expect(screen.queryByText('Tax ID')).not.toBeInTheDocument();
  });

  it('says "Receipt not found" when the server refuses it', async () => {
    stubApi({ [RECEIPT]: () => jsonResponse({ message: PAYMENT_MESSAGES.receiptNotFound }, 404) });
    sessionStore.signIn(loginResponse());
    renderApp('/receipts/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt not found' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login page', async () => {
    const { router } = renderApp('/receipts/12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
