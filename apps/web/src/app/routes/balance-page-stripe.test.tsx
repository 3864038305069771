import { PAYMENT_MESSAGES } from '@portal/contract';
import { loadStripe } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settings } from '@/config/settings';
import { sessionStore } from '@/stores/session-store';
import { findToast, jsonResponse, loginResponse, requestsTo, stubApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// Stripe's script cannot load here: the packages are stood in for by what the form uses of them.
const confirmSetup = vi.fn();
const fakeStripe = { confirmSetup };

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(() => Promise.resolve(fakeStripe)) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => fakeStripe,
  useElements: () => ({ kind: 'elements' }),
}));

const emptyPage = () =>
  jsonResponse({ data: [], pagination: { current_page: 1, per_page: 5, last_page: 1, total: 0 }, unread_count: 0 });

describe('/balance with Stripe', () => {
  const original = { ...settings };
  beforeEach(() => {
    settings.paymentProvider = 'stripe';
    settings.cardPublishableKey = 'pk_test_123';
  });
  afterEach(() => {
    Object.assign(settings, original);
    confirmSetup.mockReset();
  });

  it("saves a card through Stripe's Payment Element, then with add-payment-method", async () => {
    confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', payment_method: 'pm_card_visa' } });
    const fetchMock = stubApi({
      'GET /api/customer/balance': () =>
        jsonResponse({ data: { total_amount_due: 0, campaigns_due: [], credit: 0, auto_pay: false } }),
      'GET /api/stripe/get-payment-methods': () => jsonResponse({ data: [] }),
      'GET /api/my-payment-activities': emptyPage,
      'GET /api/my-notifications': emptyPage,
      'POST /api/stripe/create-setup-intent': () => jsonResponse({ client_secret: 'seti_1_secret_x' }),
      'POST /api/stripe/add-payment-method': () =>
        jsonResponse({
          message: PAYMENT_MESSAGES.cardSaved,
          data: {
            id: 1,
            brand: 'visa',
            last4: '4242',
            status: 'active',
            exp_month: 4,
            exp_year: 2028,
            is_default: true,
          },
        }),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/balance');

    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
    expect(await within(dialog).findByTestId('payment-element')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');

    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await findToast('Card Saved');
    expect(confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({ elements: { kind: 'elements' }, redirect: 'if_required' }),
    );
    expect(requestsTo(fetchMock, 'POST /api/stripe/add-payment-method')[0]?.body).toEqual({
      payment_method_id: 'pm_card_visa',
    });
    expect(requestsTo(fetchMock, 'POST /api/sandbox/confirm-setup')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows Stripe's refusal in the dialog and saves nothing", async () => {
    confirmSetup.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const fetchMock = stubApi({
      'GET /api/customer/balance': () =>
        jsonResponse({ data: { total_amount_due: 0, campaigns_due: [], credit: 0, auto_pay: false } }),
      'GET /api/stripe/get-payment-methods': () => jsonResponse({ data: [] }),
      'GET /api/my-payment-activities': emptyPage,
      'GET /api/my-notifications': emptyPage,
      'POST /api/stripe/create-setup-intent': () => jsonResponse({ client_secret: 'seti_2_secret_x' }),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/balance');

    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(requestsTo(fetchMock, 'POST /api/stripe/add-payment-method')).toHaveLength(0);
  });
});
