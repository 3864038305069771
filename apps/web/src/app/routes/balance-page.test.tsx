import { AUTO_PAY_TEXTS, CARD_MESSAGES, PAYMENT_MESSAGES, type Card, type PaymentActivity } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { NO_VALUE } from '@/lib/format';
import {
  bodyRows,
  findToast,
  individualBilling,
  jsonResponse,
  loginResponse,
  requestsTo,
  stubApi,
  type ApiHandler,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const BALANCE = 'GET /api/customer/balance';
const CARDS = 'GET /api/stripe/get-payment-methods';
const ACTIVITIES = 'GET /api/my-payment-activities';
const SETUP_INTENT = 'POST /api/stripe/create-setup-intent';
const CONFIRM_SETUP = 'POST /api/sandbox/confirm-setup';
const ADD_CARD = 'POST /api/stripe/add-payment-method';
const DOCUMENTS = 'GET /api/payment-documents';

const emptyPage = () =>
  jsonResponse({ data: [], pagination: { current_page: 1, per_page: 5, last_page: 1, total: 0 }, unread_count: 0 });

function card(overrides: Partial<Card> = {}): Card {
  return {
    id: 1,
    brand: 'visa',
    last4: '4242',
    status: 'active',
    exp_month: 12,
    exp_year: 2030,
    is_default: false,
    ...overrides,
  };
}

function payment(id: number, overrides: Partial<PaymentActivity> = {}): PaymentActivity {
  return {
    id,
    transaction_id: `pi_sbx_${id}`,
    created_at: '2026-11-24T10:00:00.000Z',
    status: 'succeeded',
    amount: 175,
    refunded: 0,
    payment_method: 'Visa •••• 4242',
    campaign_id: 1,
    campaign_name: 'Summer sale',
    receipt_url: `/receipts/${id}`,
    ...overrides,
  };
}

const noBalance = () => jsonResponse({ data: { total_amount_due: 0, campaigns_due: [], credit: 0, auto_pay: false } });

function openBalance(handlers: Record<string, ApiHandler> = {}, path = '/balance') {
  const fetchMock = stubApi({
    [BALANCE]: noBalance,
    [CARDS]: () => jsonResponse({ data: [] }),
    [ACTIVITIES]: emptyPage,
    [DOCUMENTS]: () => jsonResponse({ data: [] }),
    'GET /api/my-notifications': emptyPage,
    ...handlers,
  });
  const login = loginResponse();
  sessionStore.signIn({ ...login, user_data: { ...login.user_data, billing_detail: individualBilling(7) } });
  return { ...renderApp(path), fetchMock };
}

/** A panel of the page by its title. */
const panel = async (title: string) =>
  (await screen.findByRole('heading', { name: title, level: 2 })).closest('section')!;

describe('/balance', () => {
  it('holds, in order, the balance, the cards, the billing details, the payments and the statements', async () => {
    openBalance();
    await screen.findByRole('heading', { name: 'Statements', level: 2 });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Current Balance', 'Payment methods', 'Billing details', 'Payment activity', 'Statements']);
  });

  it('shows the Total Amount Due with a Pay link for each campaign due, and the credit left', async () => {
    openBalance({
      [BALANCE]: () =>
        jsonResponse({
          data: {
            total_amount_due: 3003.5,
            campaigns_due: [
              {
                id: 1,
                campaign_name: 'Summer sale',
                amount: 1250,
                covers_days: null,
                daily_amount: null,
                credit_used: 0,
                payment_link_url: '/checkout/aaa',
              },
              {
                id: 2,
                campaign_name: 'Winter boots',
                amount: 1723.5,
                covers_days: 7,
                daily_amount: 250.5,
                credit_used: 30,
                payment_link_url: '/checkout/bbb',
              },
            ],
            credit: 12.5,
            auto_pay: false,
          },
        }),
    });
    const balance = await panel('Current Balance');
    await waitFor(() => expect(within(balance).getByText('$3,003.50')).toBeInTheDocument());
    expect(within(balance).getByText('Total Amount Due')).toBeInTheDocument();
    const due = within(balance).getByRole('list', { name: 'Campaigns due' });
    const items = within(due).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // Each amount says how it is made.
      expect.stringContaining('Summer sale$1,250.00Lifetime budgetPay'),
      expect.stringContaining('Winter boots$1,723.507 days × $250.50 − $30.00 creditPay'),
    ]);
    expect(within(balance).getByText('Credit')).toBeInTheDocument();
    expect(within(balance).getByText('$12.50')).toBeInTheDocument();
    expect(within(balance).getByText('Taken off your next payments.')).toBeInTheDocument();
    const pay = within(items[1]!).getByRole('link', { name: /^Pay/ });
    // jsdom drops the spaces at the edges of the hidden parts; browsers read "Pay for Winter boots (opens in a new tab)".
    expect(pay).toHaveAccessibleName(/^Pay\s*for Winter boots\s*\(opens in a new tab\)$/);
    expect(pay).toHaveAttribute('href', '/checkout/bbb');
    expect(pay).toHaveAttribute('target', '_blank');
    expect(pay).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows $0.00 and no list when nothing is owed', async () => {
    openBalance();
    const balance = await panel('Current Balance');
    await waitFor(() => expect(within(balance).getByText('$0.00')).toBeInTheDocument());
    expect(within(balance).queryByRole('list')).not.toBeInTheDocument();
    expect(within(balance).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists the saved cards with their type, number, status and expiry', async () => {
    openBalance({
      [CARDS]: () =>
        jsonResponse({
          data: [
            card(),
            card({ id: 2, brand: 'amex', last4: '0005', status: 'expired', exp_month: 4, exp_year: 2026 }),
          ],
        }),
    });
    const cards = await panel('Payment methods');
    const table = await within(cards).findByRole('table', { name: 'Payment methods' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Card type', 'Card number', 'Status', 'Expiry date', 'Actions']);
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    // An expired card cannot become the default.
    expect(bodyRows(table)).toEqual([
      ['Visa', '•••• 4242', 'active', '12/30', 'Make default: •••• 4242'],
      ['American Express', '•••• 0005', 'expired', '04/26', ''],
    ]);
  });

  it('makes a card the default and turns automatic payment on, which needs a default card', async () => {
    let cards = [card({ id: 1 }), card({ id: 2, last4: '4444', brand: 'mastercard' })];
    let autoPay = false;
    const { user, fetchMock } = openBalance({
      [CARDS]: () => jsonResponse({ data: cards }),
      [BALANCE]: () => jsonResponse({ data: { total_amount_due: 0, campaigns_due: [], credit: 0, auto_pay: autoPay } }),
      'POST /api/customer/payment-methods/2/default': () => {
        cards = cards.map((row) => ({ ...row, is_default: row.id === 2 }));
        return jsonResponse({ message: PAYMENT_MESSAGES.defaultCardSet, data: cards[1] });
      },
      'POST /api/customer/auto-pay': () => {
        autoPay = true;
        return jsonResponse({
          message: PAYMENT_MESSAGES.autoPayOn,
          data: { auto_pay: true, default_payment_method_id: 2 },
        });
      },
    });
    const balance = await panel('Current Balance');
    const toggle = await within(balance).findByRole('switch', { name: new RegExp(`^${AUTO_PAY_TEXTS.label}`) });
    expect(toggle).toBeDisabled();
    expect(within(balance).getByText(AUTO_PAY_TEXTS.needsCard)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Make default: •••• 4444' }));
    const table = await within(await panel('Payment methods')).findByRole('table', { name: 'Payment methods' });
    await waitFor(() =>
      expect(bodyRows(table).map((row) => row.slice(1, 2).concat(row[4]!))).toEqual([
        ['•••• 4242', 'Make default: •••• 4242'],
        ['•••• 4444Default', ''],
      ]),
    );
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAccessibleDescription(AUTO_PAY_TEXTS.explanation);
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(requestsTo(fetchMock, 'POST /api/customer/auto-pay')[0]?.body).toEqual({ enabled: true });
    expect(await screen.findByText(PAYMENT_MESSAGES.autoPayOn)).toBeInTheDocument();
  });

  it('says when no card is attached, and when there is no payment', async () => {
    openBalance();
    expect(await within(await panel('Payment methods')).findByText('No card attached')).toBeInTheDocument();
    expect(await within(await panel('Payment activity')).findByText('No payments to display')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add payment method' })).toBeInTheDocument();
  });

  it('adds a card in the sandbox: checked on the page first, then confirmed and saved', async () => {
    let cardList: Card[] = [];
    const { user, fetchMock } = openBalance({
      [CARDS]: () => jsonResponse({ data: cardList }),
      [SETUP_INTENT]: () => jsonResponse({ client_secret: 'seti_sbx_1_secret_abc' }),
      [CONFIRM_SETUP]: () => jsonResponse({ payment_method_id: 'pm_sbx_1' }),
      [ADD_CARD]: () => {
        cardList = [card({ id: 5, is_default: true })];
        return jsonResponse({ message: PAYMENT_MESSAGES.cardSaved, data: cardList[0] });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
    const number = within(dialog).getByLabelText('Card number');
    await waitFor(() => expect(number).toHaveFocus());
    expect(within(dialog).getByLabelText('Expiry date')).toHaveAttribute('placeholder', 'MM/YY');

    await user.type(number, '4242 4242 4242 4241');
    await user.type(within(dialog).getByLabelText('Expiry date'), '1230');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText(CARD_MESSAGES.numberInvalid)).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription(CARD_MESSAGES.numberInvalid);
    expect(requestsTo(fetchMock, CONFIRM_SETUP)).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));

    const toast = await findToast('Card Saved');
    expect(toast).toHaveTextContent('Payment method setup successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const order = fetchMock.mock.calls
      .map(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`)
      .filter((key) => key.startsWith('POST'));
    expect(order).toEqual([SETUP_INTENT, CONFIRM_SETUP, ADD_CARD]);
    expect(requestsTo(fetchMock, CONFIRM_SETUP)[0]?.body).toEqual({
      client_secret: 'seti_sbx_1_secret_abc',
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(requestsTo(fetchMock, ADD_CARD)[0]?.body).toEqual({ payment_method_id: 'pm_sbx_1' });
    // The list reloads with the new card.
    const table = await within(await panel('Payment methods')).findByRole('table', { name: 'Payment methods' });
    await waitFor(() => expect(bodyRows(table)).toEqual([['Visa', '•••• 4242Default', 'active', '12/30', '']]));
  });

  it("shows the sandbox's refusal of a card under its field", async () => {
    const { user, fetchMock } = openBalance({
      [SETUP_INTENT]: () => jsonResponse({ client_secret: 'seti_sbx_2_secret' }),
      [CONFIRM_SETUP]: () =>
        jsonResponse({ message: CARD_MESSAGES.expiryPast, errors: { expiry: [CARD_MESSAGES.expiryPast] } }, 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
    await user.type(within(dialog).getByLabelText('Card number'), '4242424242424242');
    // Grouped in fours as typed, as printed on the card.
    expect(within(dialog).getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry date'), '12/30');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Expiry date')).toHaveAccessibleDescription(CARD_MESSAGES.expiryPast),
    );
    expect(requestsTo(fetchMock, ADD_CARD)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Add payment method' })).toBeInTheDocument();
  });

  it('says "Stripe Error" when no setup intent can be made', async () => {
    const { user } = openBalance({
      [SETUP_INTENT]: () => jsonResponse({ message: PAYMENT_MESSAGES.setupIntentFailed }, 503),
    });
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const toast = await findToast('Stripe Error');
    expect(toast).toHaveTextContent('Failed to create Setup Intent');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the payments 5 a page, with their invoices and a receipt link each', async () => {
    const all = Array.from({ length: 7 }, (_, index) => payment(7 - index));
    all[1] = payment(6, { status: 'partially_refunded', refunded: 25.5, campaign_name: 'Winter boots' });
    const { user, fetchMock } = openBalance({
      [ACTIVITIES]: (url) => {
        const page = Number(url.searchParams.get('page'));
        const perPage = Number(url.searchParams.get('per_page'));
        return jsonResponse({
          data: all.slice((page - 1) * perPage, page * perPage),
          pagination: { current_page: page, per_page: perPage, last_page: 2, total: all.length },
        });
      },
      // Payment 7 has its invoice; payment 6 was refunded, and has a credit note too.
      [DOCUMENTS]: () =>
        jsonResponse({
          data: [
            {
              id: 70,
              kind: 'invoice',
              number: '2026-000007',
              payment_id: 7,
              issued_at: '2026-11-24T10:00:00.000Z',
              total: 175,
            },
            {
              id: 60,
              kind: 'invoice',
              number: '2026-000006',
              payment_id: 6,
              issued_at: '2026-11-24T10:00:00.000Z',
              total: 175,
            },
            {
              id: 61,
              kind: 'credit_note',
              number: 'CN-2026-000001',
              payment_id: 6,
              issued_at: '2026-11-25T10:00:00.000Z',
              total: -175,
            },
          ],
        }),
    });
    const activity = await panel('Payment activity');
    const table = await within(activity).findByRole('table', { name: 'Payment activity' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(5));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Transaction ID',
      'Date',
      'Campaign',
      'Status',
      'Amount',
      'Refunded',
      'Payment method',
      'Invoice',
      'Actions',
    ]);
    // Each payment names its campaign, and its status in words, not as the provider writes it.
    expect(bodyRows(table)[0]).toEqual([
      'pi_sbx_7',
      '24 Nov 2026',
      'Summer sale',
      'Paid',
      '$175.00',
      NO_VALUE,
      'Visa •••• 4242',
      'Invoice 2026-000007 (opens in a new tab)PDF of 2026-000007',
      'Receipt for pi_sbx_7 (opens in a new tab)',
    ]);
    // What was refunded of a payment, and its status in words (docs/product/payments.md, Refunds).
    expect(bodyRows(table)[1]?.slice(2, 6)).toEqual(['Winter boots', 'Partly refunded', '$175.00', '$25.50']);
    const refunded = within(table).getAllByRole('row')[2]!;
    expect(within(refunded).getByRole('link', { name: /Credit note\s*CN-2026-000001/ })).toHaveAttribute(
      'href',
      '/invoices/61',
    );
    expect(within(table).getByRole('link', { name: /Invoice\s*2026-000007/ })).toHaveAttribute('href', '/invoices/70');
    // The invoices of the page's payments, asked for at once.
    expect(requestsTo(fetchMock, DOCUMENTS).at(-1)?.url.searchParams.get('payment_ids')).toBe('7,6,5,4,3');
    const receipt = within(table).getByRole('link', { name: /^Receipt\s*for pi_sbx_7\s*\(opens in a new tab\)$/ });
    expect(receipt).toHaveAttribute('href', '/receipts/7');
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(receipt).toHaveAttribute('rel', 'noopener noreferrer');
    expect(requestsTo(fetchMock, ACTIVITIES)[0]?.url.searchParams.get('per_page')).toBe('5');

    await user.click(within(activity).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodyRows(table).map((row) => row[0])).toEqual(['pi_sbx_2', 'pi_sbx_1']));
    expect(requestsTo(fetchMock, ACTIVITIES).at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it('says "Something went wrong" with the server\'s message when the payments cannot be loaded', async () => {
    openBalance({ [ACTIVITIES]: () => jsonResponse({ message: 'The page must be a whole number' }, 422) });
    const toast = await findToast('Something went wrong');
    expect(toast).toHaveTextContent('The page must be a whole number');
  });

  it('shows the billing details with the button that changes them', async () => {
    const { user } = openBalance();
    const billing = await panel('Billing details');
    expect(billing).toHaveTextContent('1 Main Street');
    expect(billing).toHaveTextContent('Springfield');
    expect(billing).toHaveTextContent('United States');
    await user.click(within(billing).getByRole('button', { name: 'Change billing details' }));
    expect(await screen.findByRole('dialog', { name: 'Billing details' })).toBeInTheDocument();
  });
});
