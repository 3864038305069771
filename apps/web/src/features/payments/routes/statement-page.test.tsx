import { INVOICE_MESSAGES, monthWords, type Statement, todayIn } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { bodyRows, captureDownloads, jsonResponse, loginResponse, requestsTo, stubApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const STATEMENT = 'GET /api/statements/2026-11';

function statement(overrides: Partial<Statement> = {}): Statement {
  return {
    month: '2026-11',
    time_zone: 'America/New_York',
    account_name: 'Lee Shoes',
    seller: { name: 'Ads Ltd', address: null, tax_id: null },
    opening_balance: 0,
    closing_balance: 0,
    totals: { invoiced: 175, paid: 175, credited: 40, refunded: 40 },
    lines: [
      {
        day: '2026-11-20',
        kind: 'invoice',
        reference: '2026-000002',
        description: 'First, Lifetime budget',
        amount: 175,
        balance: 175,
      },
      {
        day: '2026-11-20',
        kind: 'payment',
        reference: 'pi_sbx_1',
        description: 'First, Visa •••• 4242',
        amount: -175,
        balance: 0,
      },
      {
        day: '2026-11-30',
        kind: 'credit_note',
        reference: 'CN-2026-000001',
        description: 'Credits invoice 2026-000002: Goodwill',
        amount: -40,
        balance: -40,
      },
      {
        day: '2026-11-30',
        kind: 'refund',
        reference: 'R-000002',
        description: 'Back to the card, for CN-2026-000001',
        amount: 40,
        balance: 0,
      },
    ],
    ...overrides,
  };
}

describe('/statements/:month', () => {
  it("shows the month's balances, totals and lines on a printable page", async () => {
    stubApi({ [STATEMENT]: () => jsonResponse({ data: statement() }) });
    sessionStore.signIn(loginResponse());
    renderApp('/statements/2026-11');
    const sheet = await screen.findByRole('article', { name: 'Statement, November 2026' });
    for (const text of [
      'Lee Shoes',
      'Issued by Ads Ltd',
      'America/New_York',
      'Opening balance$0.00',
      'Invoiced$175.00',
      'Credited$40.00',
      'Closing balance$0.00',
    ]) {
      expect(sheet).toHaveTextContent(text);
    }
    expect(bodyRows(within(sheet).getByRole('table', { name: 'Statement lines' }))).toEqual([
      ['20 Nov 2026', 'Invoice', '2026-000002', 'First, Lifetime budget', '$175.00', '$175.00'],
      ['20 Nov 2026', 'Payment', 'pi_sbx_1', 'First, Visa •••• 4242', '-$175.00', '$0.00'],
      ['30 Nov 2026', 'Credit note', 'CN-2026-000001', 'Credits invoice 2026-000002: Goodwill', '-$40.00', '-$40.00'],
      ['30 Nov 2026', 'Refund', 'R-000002', 'Back to the card, for CN-2026-000001', '$40.00', '$0.00'],
    ]);
  });

  it('says when a month had nothing, and shows the reason a month is refused', async () => {
    stubApi({
      [STATEMENT]: () =>
        jsonResponse({ data: statement({ lines: [], totals: { invoiced: 0, paid: 0, credited: 0, refunded: 0 } }) }),
      'GET /api/statements/2099-01': () =>
        jsonResponse({ message: INVOICE_MESSAGES.monthAhead, errors: { month: [INVOICE_MESSAGES.monthAhead] } }, 422),
    });
    sessionStore.signIn(loginResponse());
    const { router } = renderApp('/statements/2026-11');
    expect(await screen.findByText('Nothing was invoiced, paid or refunded this month.')).toBeInTheDocument();
    await router.navigate('/statements/2099-01');
    expect(await screen.findByRole('heading', { level: 1, name: INVOICE_MESSAGES.monthAhead })).toBeInTheDocument();
  });
});

describe('Statements on /balance', () => {
  const { clicked } = captureDownloads('blob:statement');

  it("offers the account's months, opens the one chosen and downloads it as a PDF or a CSV file", async () => {
    const empty = () =>
      jsonResponse({ data: [], pagination: { current_page: 1, per_page: 5, last_page: 1, total: 0 } });
    const file = (name: string) => () =>
      new Response(new Blob(['x']), { headers: { 'Content-Disposition': `attachment; filename="${name}"` } });
    const thisMonth = todayIn('UTC', new Date()).slice(0, 7);
    const fetchMock = stubApi({
      'GET /api/customer/balance': () => jsonResponse({ data: { total_amount_due: 0, campaigns_due: [], credit: 0 } }),
      'GET /api/stripe/get-payment-methods': () => jsonResponse({ data: [] }),
      'GET /api/my-payment-activities': empty,
      'GET /api/my-notifications': () =>
        jsonResponse({
          data: [],
          pagination: { current_page: 1, per_page: 5, last_page: 1, total: 0 },
          unread_count: 0,
        }),
      [`GET /api/statements/${thisMonth}/pdf`]: file(`statement-${thisMonth}.pdf`),
      [`GET /api/statements/${thisMonth}/csv`]: file(`statement-${thisMonth}.csv`),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/balance');
    const panel = (await screen.findByRole('heading', { name: 'Statements', level: 2 })).closest('section')!;
    // This month of the account's calendar (UTC here) first.
    const month = within(panel).getByRole('combobox', { name: 'Month' });
    await waitFor(() => expect(month).toHaveValue(monthWords(thisMonth)));
    const view = within(panel).getByRole('link', { name: /^View statement/ });
    expect(view).toHaveAttribute('href', `/statements/${thisMonth}`);
    expect(view).toHaveAttribute('target', '_blank');

    await user.click(
      within(panel).getByRole('button', { name: new RegExp(`^Download PDF\\s*of ${monthWords(thisMonth)}$`) }),
    );
    await user.click(within(panel).getByRole('button', { name: /^Download CSV/ }));
    await waitFor(() =>
      expect(clicked.map((link) => link.download)).toEqual([
        `statement-${thisMonth}.pdf`,
        `statement-${thisMonth}.csv`,
      ]),
    );
    expect(requestsTo(fetchMock, `GET /api/statements/${thisMonth}/pdf`)).toHaveLength(1);

    // Another month from the list.
    await user.click(month);
    const previous = (await screen.findAllByRole('option'))[1]!;
    await user.click(previous);
    await waitFor(() => expect(view.getAttribute('href')).not.toBe(`/statements/${thisMonth}`));
    expect(view.getAttribute('href')).toMatch(/^\/statements\/\d{4}-\d{2}$/);
  });
});
