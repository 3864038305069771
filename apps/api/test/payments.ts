import type { Card } from '@portal/contract';
import { expect } from 'vitest';
import { bearer, type TestApp } from './test-app';

/** The sandbox's test cards (docs/product/payments.md, Payment provider and Automatic payment). */
export const SANDBOX_CARDS = {
  visa: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  mastercard: { card_number: '5555 5555 5555 4444', expiry: '12/30', cvc: '123' },
  declined: { card_number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
  asksAuthentication: { card_number: '4000 0027 6000 3184', expiry: '12/30', cvc: '123' },
};

/** Saves a card through the sandbox's setup flow, as /balance does; returns the portal's card. */
export async function saveSandboxCard(t: TestApp, token: string, card = SANDBOX_CARDS.visa): Promise<Card> {
  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload && { payload }) });
  const intent = await post('/api/stripe/create-setup-intent');
  expect(intent.statusCode, intent.body).toBe(200);
  const confirmed = await post('/api/sandbox/confirm-setup', { client_secret: intent.json().client_secret, ...card });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const added = await post('/api/stripe/add-payment-method', { payment_method_id: confirmed.json().payment_method_id });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().data;
}
