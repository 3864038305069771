import { CARD_MESSAGES, PAYMENT_MESSAGES, type Card } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as navigation from '@/lib/navigation';
import { leavePortalFor } from '@/lib/navigation';
import { sessionStore } from '@/stores/session-store';
import { checkout, jsonResponse, loginResponse, requestsTo, stubApi, type ApiHandler } from '@/test/fixtures';
import { paymentActivity } from '@/test/answers';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof navigation>()),
  leavePortalFor: vi.fn(),
}));

const TOKEN = 'q3Xb_9-kLm2PzT8rVw0aYc4dEf6gHi1J';
const CHECKOUT = `GET /api/checkout/${TOKEN}`;
const PAY = `POST /api/checkout/${TOKEN}/pay`;
const SESSION = `POST /api/checkout/${TOKEN}/session`;
const CARDS = 'GET /api/stripe/get-payment-methods';

const emptyPage = () =>
  jsonResponse({ data: [], pagination: { current_page: 1, per_page: 5, last_page: 1, total: 0 }, unread_count: 0 });

const VISA: Card = {
  id: 3,
  brand: 'visa',
  last4: '4242',
  status: 'active',
  exp_month: 12,
  exp_year: 2030,
  is_default: true,
};

const PAYMENT = paymentActivity();

function openCheckout(handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    [CHECKOUT]: () => jsonResponse({ data: checkout() }),
    [CARDS]: () => jsonResponse({ data: [VISA] }),
    'GET /api/my-notifications': emptyPage,
    ...handlers,
  });
  sessionStore.signIn(loginResponse());
  return { ...renderApp(`/checkout/${TOKEN}`), fetchMock };
}

describe('/checkout/:token', () => {
  it('shows the campaign, the amount, what it covers and "Pay $X.XX"', async () => {
    openCheckout();
    expect(await screen.findByRole('heading', { level: 2, name: 'Winter boots' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('$175.00')).toBeInTheDocument();
    expect(screen.getByText('This payment covers 7 days.')).toBeInTheDocument();
    expect(screen.getByText('7 days × $25.00')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $175.00' })).toBeEnabled();
  });

  it('says a lifetime payment covers the whole campaign', async () => {
    openCheckout({
      [CHECKOUT]: () => jsonResponse({ data: checkout({ covers_days: null, daily_amount: null, amount: 1250 }) }),
    });
    expect(await screen.findByText('This payment covers the whole campaign.')).toBeInTheDocument();
    expect(screen.getByText('Lifetime budget')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $1,250.00' })).toBeInTheDocument();
  });

  it('pays with a saved card and confirms the payment with its receipt', async () => {
    const { user, fetchMock } = openCheckout({
      [PAY]: () => jsonResponse({ message: PAYMENT_MESSAGES.paid, data: PAYMENT }),
    });
    const saved = await screen.findByRole('radio', { name: 'Visa •••• 4242' });
    expect(saved).toBeChecked();
    expect(screen.getByRole('radio', { name: 'A new card' })).not.toBeChecked();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $175.00' }));
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    expect(requestsTo(fetchMock, PAY).map((request) => request.body)).toEqual([{ payment_method_id: 3 }]);
    expect(screen.getByText('$175.00 paid for Winter boots.')).toBeInTheDocument();
    const receipt = screen.getByRole('link', { name: /^View receipt/ });
    expect(receipt).toHaveAttribute('href', '/receipts/12');
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Back to Balance' })).toHaveAttribute('href', '/balance');
  });

  it('checks a new card on the page, then shows a decline in an alert and under the number', async () => {
    const { user, fetchMock } = openCheckout({
      [PAY]: () =>
        jsonResponse({ message: CARD_MESSAGES.declined, errors: { card_number: [CARD_MESSAGES.declined] } }, 422),
    });
    await user.click(await screen.findByRole('radio', { name: 'A new card' }));
    const number = screen.getByLabelText('Card number');
    await user.type(number, '4000 0000 0000 0001');
    await user.type(screen.getByLabelText('Expiry date'), '12/30');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $175.00' }));
    expect(await screen.findByText(CARD_MESSAGES.numberInvalid)).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription(CARD_MESSAGES.numberInvalid);
    await waitFor(() => expect(number).toHaveFocus());
    expect(requestsTo(fetchMock, PAY)).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay $175.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(number).toHaveAccessibleDescription('Your card was declined.');
    await waitFor(() => expect(number).toHaveFocus());
    expect(requestsTo(fetchMock, PAY).map((request) => request.body)).toEqual([
      { card_number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
    ]);
    expect(screen.queryByText('Payment received. Thank you!')).not.toBeInTheDocument();
  });

  it('ties a refusal of the saved card to that card, and brings the keyboard to it', async () => {
    const { user } = openCheckout({
      [PAY]: () => jsonResponse({ message: CARD_MESSAGES.declined, errors: {} }, 422),
    });
    const saved = await screen.findByRole('radio', { name: 'Visa •••• 4242' });
    await user.click(screen.getByRole('button', { name: 'Pay $175.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_MESSAGES.declined);
    expect(saved).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toHaveAccessibleDescription(CARD_MESSAGES.declined);
    expect(screen.getByRole('radio', { name: 'A new card' })).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(saved).toHaveFocus());
  });

  it('offers only a new card when none is saved', async () => {
    openCheckout({ [CARDS]: () => jsonResponse({ data: [] }) });
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('says a paid link is no longer open, with no way to pay it', async () => {
    openCheckout({ [CHECKOUT]: () => jsonResponse({ data: checkout({ status: 'paid' }) }) });
    expect(await screen.findByText('This payment link is no longer open')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Balance' })).toHaveAttribute('href', '/balance');
  });

  it('says the link is no longer open when it closes before the payment (409)', async () => {
    const { user } = openCheckout({
      [PAY]: () => jsonResponse({ message: PAYMENT_MESSAGES.linkClosed }, 409),
    });
    await screen.findByRole('radio', { name: 'Visa •••• 4242' });
    await user.click(screen.getByRole('button', { name: 'Pay $175.00' }));
    expect(await screen.findByText('This payment link is no longer open')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('says "Payment link not found" for an unknown link', async () => {
    openCheckout({ [CHECKOUT]: () => jsonResponse({ message: PAYMENT_MESSAGES.linkNotFound }, 404) });
    expect(await screen.findByText('Payment link not found')).toBeInTheDocument();
  });

  it("with Stripe, sends the payer to the Checkout Session's page", async () => {
    const { user, fetchMock } = openCheckout({
      [CHECKOUT]: () => jsonResponse({ data: checkout({ provider: 'stripe' }) }),
      [SESSION]: () => jsonResponse({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pay $175.00' }));
    await waitFor(() => expect(leavePortalFor).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(requestsTo(fetchMock, SESSION)).toHaveLength(1);
    // No card form of the portal's own with Stripe.
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(within(document.body).queryByRole('radio')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, CARDS)).toHaveLength(0);
  });
});
