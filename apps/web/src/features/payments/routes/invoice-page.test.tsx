import { INVOICE_MESSAGES, ROLE, type Invoice } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import {
  bodyRows,
  captureDownloads,
  documentParties,
  jsonResponse,
  loginResponse,
  requestsTo,
  stubApi,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const GET_INVOICE = 'GET /api/invoices/31';
const PDF = 'GET /api/invoices/31/pdf';

/** An invoice of a daily campaign's week, with 20% of tax in its price. */
const INVOICE: Invoice = {
  id: 31,
  kind: 'invoice',
  number: '2026-000123',
  issued_at: '2026-11-20T10:00:00.000Z',
  payment_id: 12,
  receipt_number: 'R-000012',
  credits: null,
  reason: null,
  ...documentParties(),
  lines: [{ description: 'Winter boots', period: '20 Nov 2026 – 27 Nov 2026', amount: 145.83 }],
  subtotal: 145.83,
  tax: 29.17,
  total: 175,
  tax_rate: 20,
  tax_mode: 'inclusive',
};

describe('/invoices/:id', () => {
  const { clicked } = captureDownloads('blob:invoice');

  it('shows the invoice on a printable page: number, parties, lines and totals, and downloads its PDF', async () => {
    const fetchMock = stubApi({
      [GET_INVOICE]: () => jsonResponse({ data: INVOICE }),
      [PDF]: () =>
        new Response(new Blob(['%PDF-1.3']), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="invoice-2026-000123.pdf"',
          },
        }),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/invoices/31');

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice' })).toBeInTheDocument();
    const sheet = screen.getByRole('article', { name: 'Invoice' });
    expect(sheet).toHaveTextContent(/^Advertiser Portal.*Number2026-000123Date20 Nov 2026ReceiptR-000012/);
    // The parties as they were when it was issued, as on the receipt.
    expect(within(sheet).getByRole('heading', { level: 2, name: 'Issued by' }).parentElement).toHaveTextContent(
      'NameAds LtdAddress2 Market Street, Leeds LS1 6DTTax IDGB123456789',
    );
    expect(within(sheet).getByRole('heading', { level: 2, name: 'Billed to' }).parentElement).toHaveTextContent(
      'CompanyLee Shoes LtdAddress1 Main Street, Springfield, Oregon, 97403CountryUnited StatesTax IDUS-98-7654321',
    );
    expect(sheet).toHaveTextContent('Amounts are in US dollars.');
    expect(within(sheet).getByRole('link', { name: 'R-000012' })).toHaveAttribute('href', '/receipts/12');
    const lines = within(sheet).getByRole('table', { name: 'Invoice lines' });
    expect(bodyRows(lines)[0]).toEqual(['Winter boots', '20 Nov 2026 – 27 Nov 2026', '$145.83']);
    const totals = within(lines)
      .getAllByRole('row')
      .slice(-3)
      .map((row) => row.textContent);
    expect(totals).toEqual(['Subtotal$145.83', 'Tax 20% (included)$29.17', 'Total$175.00']);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:invoice', download: 'invoice-2026-000123.pdf' }]));
    expect(requestsTo(fetchMock, PDF)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows a credit note with the invoice it corrects and why, for administrators too', async () => {
    stubApi({
      [GET_INVOICE]: () =>
        jsonResponse({
          data: {
            ...INVOICE,
            kind: 'credit_note',
            number: 'CN-2026-000001',
            credits: { id: 30, number: '2026-000123' },
            reason: 'Ran short',
            seller: { name: 'Ads Ltd', address: null, tax_id: null },
            lines: [{ description: 'Winter boots', period: 'Lifetime budget', amount: -83.33 }],
            subtotal: -83.33,
            tax: -16.67,
            total: -100,
            tax_rate: 8.25,
            tax_mode: 'exclusive',
          },
        }),
    });
    sessionStore.signIn(loginResponse({ role_id: ROLE.admin }));
    renderApp('/invoices/31');
    const sheet = await screen.findByRole('article', { name: 'Credit note' });
    expect(sheet).toHaveTextContent('Credits invoice2026-000123');
    expect(within(sheet).getByRole('link', { name: '2026-000123' })).toHaveAttribute('href', '/invoices/30');
    expect(sheet).toHaveTextContent('ReasonRan short');
    // Tax added to the price says so, without "(included)"; negative amounts as the PDF prints them.
    expect(sheet).toHaveTextContent('Tax 8.25%-$16.67');
    expect(sheet).toHaveTextContent('Total-$100.00');
    // A seller without address or tax id set prints no empty lines.
    expect(within(sheet).queryByText('GB123456789')).not.toBeInTheDocument();
    expect(within(sheet).getAllByText('Address')).toHaveLength(1);
  });

  it('says "Invoice not found" when the server refuses it', async () => {
    stubApi({ [GET_INVOICE]: () => jsonResponse({ message: INVOICE_MESSAGES.notFound }, 404) });
    sessionStore.signIn(loginResponse());
    renderApp('/invoices/31');
    expect(await screen.findByRole('heading', { level: 1, name: INVOICE_MESSAGES.notFound })).toBeInTheDocument();
    expect(screen.getByText('There is no invoice at this address for you.')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login page', async () => {
    const { router } = renderApp('/invoices/31');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
