import { expect, type APIRequestContext } from '@playwright/test';
import { latestCode } from './mailbox';

let counter = 0;
/** An address no earlier run or project has used. */
export const freshEmail = (label: string) => `${label}-${Date.now()}-${++counter}@e2e.test`;

/**
 * Signs a customer up through the API, the same four steps the sign-up page takes, for tests
 * that start from a finished account. The request context keeps the sign-up cookie.
 */
export async function signUpThroughApi(request: APIRequestContext, email: string, password: string) {
  // Each sign-up comes from a client address of its own (TEST-NET-2, never a real host),
  // as separate customers would.
  const client = `198.51.100.${(++counter % 250) + 1}`;
  const registered = await request.post('/api/register', {
    headers: { 'x-forwarded-for': client },
    data: { email, password, password_confirmation: password },
  });
  expect(registered.status()).toBe(200);
  const userId = (await registered.json()).user.id as number;
  const otp = await latestCode(request, email, 'Your activation code');
  expect((await request.post('/api/verify-otp', { data: { user_id: userId, otp } })).status()).toBe(200);
  expect(
    (
      await request.post('/api/update-personal-info', {
        data: { user_id: userId, first_name: 'Robin', last_name: 'Reader' },
      })
    ).status(),
  ).toBe(200);
  const billing = await request.post('/api/update-billing-details', {
    data: {
      user_id: userId,
      type: 'individual',
      country: 'us',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'Illinois',
      postal_code: '62701',
    },
  });
  expect(billing.status()).toBe(200);
}

/**
 * A customer who finished sign-up through the API, at a fresh address named after `label`. No
 * welcome video awaits them: finishing sign-up was their first login.
 */
export async function newCustomerThroughApi(request: APIRequestContext, label: string, password: string) {
  const account = { email: freshEmail(label), password };
  await signUpThroughApi(request, account.email, account.password);
  return account;
}
