import { BILLING_MESSAGES, PASSWORD_MESSAGES } from '@portal/contract';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import {
  callsTo,
  jsonResponse,
  loginResponse,
  registrationUser,
  routeFetch,
  sentJson,
  individualBilling,
  findToast,
} from '@/test/fixtures';
import { fillIn, renderApp } from '@/test/render-app';

type User = ReturnType<typeof renderApp>['user'];

async function openSignup() {
  const app = renderApp('/signup');
  await screen.findByRole('heading', { level: 1, name: 'Create new account' });
  return app;
}

async function register(user: User, email = 'Bo@Example.com', password = 'Secret-pass1') {
  if (email) await fillIn(user, screen.getByLabelText('Email'), email);
  if (password) await fillIn(user, screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

const registered = (profileStep = 1) =>
  jsonResponse({
    message: 'We sent a 6-digit code to your e-mail address. Enter it to activate your account.',
    user: registrationUser({ profile_step: profileStep }),
  });

const incomplete = (profileStep: number, names: { first_name?: string; last_name?: string } = {}) =>
  jsonResponse(
    {
      registration_status: 'incomplete',
      message: 'Your registration is not complete. Please finish setting up your account.',
      user: registrationUser({ profile_step: profileStep, ...names }),
    },
    403,
  );

describe('sign-up step 1: account details', () => {
  it('shows the contract messages and sends nothing while the form is invalid', async () => {
    const fetchMock = routeFetch({});
    const { user } = await openSignup();
    await register(user, '', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.required)).toBeInTheDocument();

    await register(user, 'not-an-email', 'abc');
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await fillIn(user, screen.getByLabelText('Password'), 'abcdefgh1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.uppercase)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/register')).toHaveLength(0);
  });

  it('ticks the checklist as the password is typed', async () => {
    routeFetch({});
    const { user } = await openSignup();
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    const met = () =>
      within(checklist)
        .getAllByRole('listitem')
        .filter((item) => item.hasAttribute('data-met'))
        .map((item) => item.textContent?.split(':')[0]);
    expect(met()).toEqual([]);
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(met()).toEqual(['Lowercase']);
    await user.type(screen.getByLabelText('Password'), 'DEF12!');
    expect(met()).toEqual(['8-32 letters', 'Number', 'Uppercase', 'Lowercase', 'Symbol']);
  });

  it('registers with the e-mail lower-cased and the password as its own confirmation, then asks for the code', async () => {
    const fetchMock = routeFetch({ 'POST /api/register': () => registered() });
    const { user } = await openSignup();
    await register(user);

    const dialog = await screen.findByRole('dialog', { name: 'Activate account' });
    expect(within(dialog).getByText('bo@example.com')).toBeInTheDocument();
    expect(sentJson(callsTo(fetchMock, 'POST /api/register')[0])).toEqual({
      email: 'bo@example.com',
      password: 'Secret-pass1',
      password_confirmation: 'Secret-pass1',
    });
    await findToast('Success');
  });

  it('says "Already Registered" for a complete account and stays on step 1', async () => {
    routeFetch({
      'POST /api/register': () =>
        jsonResponse(
          { registration_status: 'complete', message: 'This e-mail address is already registered. Please log in.' },
          403,
        ),
    });
    const { user } = await openSignup();
    await register(user);
    const toast = await findToast('Already Registered');
    expect(within(toast).getByText(/already registered/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an error toast for an unfinished account with another password (409)', async () => {
    routeFetch({
      'POST /api/register': () =>
        jsonResponse({ message: 'This e-mail address is already registered. Log in with its password.' }, 409),
    });
    const { user } = await openSignup();
    await register(user);
    const toast = await findToast('Error');
    expect(within(toast).getByText(/Log in with its password/)).toBeInTheDocument();
  });
});

describe('resuming an unfinished sign-up at profile_step', () => {
  it('1 opens the code dialog', async () => {
    routeFetch({ 'POST /api/register': () => incomplete(1) });
    const { user } = await openSignup();
    await register(user);
    await findToast('Some Information is Missing');
    expect(await screen.findByRole('dialog', { name: 'Activate account' })).toBeInTheDocument();
    expect(sessionStore.getState().signupStep).toBe(1);
  });

  it('2 shows the personal info step', async () => {
    routeFetch({ 'POST /api/register': () => incomplete(2) });
    const { user } = await openSignup();
    await register(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal info' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStore.getState().signupStep).toBe(2);
  });

  it('3 stores the names and shows billing, with the profile chip in the header', async () => {
    routeFetch({ 'POST /api/register': () => incomplete(3, { first_name: 'Bo', last_name: 'Ray' }) });
    const { user } = await openSignup();
    await register(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing details' })).toBeInTheDocument();
    expect(screen.getByText("Let's complete your account for a smoother experience")).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Bo Ray')).toBeInTheDocument();
    expect(sessionStore.getState().personalInfo).toMatchObject({ firstName: 'Bo', lastName: 'Ray' });
  });

  it('from the login page at step 1, the code dialog is open on arrival', async () => {
    routeFetch({ 'POST /api/login': () => incomplete(1) });
    const { user, router } = renderApp('/');
    await fillIn(user, await screen.findByLabelText('Email'), 'bo@example.com');
    await fillIn(user, screen.getByLabelText('Password'), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Log into account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(await screen.findByRole('dialog', { name: 'Activate account' })).toBeInTheDocument();
  });

  it('a fresh visit of /signup without a sign-up in this browser forgets one left from before', async () => {
    sessionStore.resumeSignup(registrationUser({ profile_step: 2 }));
    sessionStore.setSignupStep(0);
    routeFetch({
      'GET /api/signup-session': () => jsonResponse({ message: 'No sign-up is in progress.', user: null }),
    });
    await openSignup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStore.getState().user).toBeNull();
  });
});

describe('reloading /signup in the middle of sign-up', () => {
  const reloadAt = (profileStep: number) => {
    routeFetch({
      'GET /api/signup-session': () =>
        jsonResponse({
          message: 'Your registration is not complete.',
          user: registrationUser({ profile_step: profileStep }),
        }),
    });
    // A reload: the page's state is gone; the sign-up cookie (sent by the browser) is not.
    return renderApp('/signup');
  };

  it('waits for the server, then resumes at the code dialog for step 1', async () => {
    reloadAt(1);
    expect(await screen.findByLabelText('Loading your sign-up')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Create new account' })).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Activate account' })).toBeInTheDocument();
  });

  it.each([
    [2, 'Personal info'],
    [3, 'Billing details'],
  ])('resumes step %i at %s', async (profileStep, heading) => {
    reloadAt(profileStep);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

describe('the whole sign-up', () => {
  it('a wrong code is told once, by the toast, and the code can be typed again at once', async () => {
    routeFetch({
      'POST /api/register': () => registered(),
      'POST /api/verify-otp': () =>
        jsonResponse({ message: 'The code is incorrect', errors: { otp: ['The code is incorrect'] } }, 422),
    });
    const { user } = await openSignup();
    await register(user);
    const dialog = await screen.findByRole('dialog', { name: 'Activate account' });
    const firstBox = within(dialog).getByLabelText('Digit 1 of 6');
    await waitFor(() => expect(firstBox).toHaveFocus());

    // Typed straight away, with no click into the boxes.
    await user.keyboard('111111');
    const toast = await findToast('Something went wrong');
    expect(within(toast).getByText('The code is incorrect')).toBeInTheDocument();
    expect(within(dialog).queryByText('The code is required')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('The code is incorrect')).not.toBeInTheDocument();
    await waitFor(() => expect(firstBox).toHaveFocus());
    expect(firstBox).toHaveValue('');
  }, 15_000);

  it('goes from the code to personal info, billing and "Your Account is ready!"', async () => {
    const fetchMock = routeFetch({
      'POST /api/register': () => registered(),
      'POST /api/new-otp': () => jsonResponse({ message: 'We sent a new code to your e-mail address.' }),
      'POST /api/verify-otp': (init) =>
        JSON.parse(String(init?.body)).otp === '123456'
          ? jsonResponse({ message: 'Your e-mail address is verified.' })
          : jsonResponse({ message: 'The code is incorrect' }, 422),
      'POST /api/update-personal-info': () =>
        jsonResponse({
          message: 'Your personal details are saved.',
          user: registrationUser({ profile_step: 3, first_name: 'Bo', last_name: 'Ray', logo: 'logos/bo.png' }),
        }),
      'POST /api/update-billing-details': () =>
        jsonResponse({
          ...loginResponse({ id: 9, token: 'fresh-token', is_first_login: true }),
          message: 'Your account is ready.',
          billing_detail: individualBilling(9),
        }),
    });
    const { user, router } = await openSignup();
    await register(user);
    const dialog = await screen.findByRole('dialog', { name: 'Activate account' });

    await user.click(within(dialog).getByRole('button', { name: 'Send new code' }));
    await findToast('OTP Sent');
    expect(sentJson(callsTo(fetchMock, 'POST /api/new-otp')[0])).toEqual({ user_id: 9 });

    await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
    await user.keyboard('111111');
    await findToast('Something went wrong');
    expect(screen.getByRole('dialog', { name: 'Activate account' })).toBeInTheDocument();

    await navigator.clipboard.writeText('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Paste code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal info' })).toBeInTheDocument();
    await findToast('Verified');
    expect(sentJson(callsTo(fetchMock, 'POST /api/verify-otp').at(-1))).toEqual({ user_id: 9, otp: '123456' });

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Bo');
    await user.type(screen.getByLabelText('Last name'), 'Ray');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing details' })).toBeInTheDocument();
    const personal = callsTo(fetchMock, 'POST /api/update-personal-info')[0]?.[1]?.body as FormData;
    expect(Object.fromEntries(personal.entries())).toEqual({ user_id: '9', first_name: 'Bo', last_name: 'Ray' });
    expect(sessionStore.getState().personalInfo?.image).toBe('logos/bo.png');

    await user.click(await screen.findByRole('radio', { name: 'Individual' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Complete sign-up' }));
    expect(await screen.findByText(BILLING_MESSAGES.addressRequired)).toBeInTheDocument();
    for (const [label, value] of [
      ['Address', '1 Main Street'],
      ['City', 'Springfield'],
      ['State', 'Oregon'],
      ['Postal code', '97403'],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    // Mantine shows five toasts at a time; the earlier steps' toasts have had their turn.
    act(() => notifications.clean());
    await user.click(screen.getByRole('button', { name: 'Complete sign-up' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Account is ready!' })).toBeInTheDocument();
    await findToast('Registered');
    expect(sentJson(callsTo(fetchMock, 'POST /api/update-billing-details')[0])).toEqual({
      user_id: 9,
      type: 'individual',
      country: 'us',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'Oregon',
      postal_code: '97403',
      // The new account takes the browser's time zone (the test runner's).
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(window.localStorage.getItem('authToken')).toBe('fresh-token');
    expect(sessionStore.getState().billingInfo?.accountType).toBe('individual');
    expect(router.state.location.pathname).toBe('/signup');

    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  }, 30_000);

  it('sends the user to log in when the sign-up session has ended (403)', async () => {
    routeFetch({
      'POST /api/register': () => registered(),
      'POST /api/verify-otp': () =>
        jsonResponse({ message: 'Your sign-up session has ended. Log in to continue setting up your account.' }, 403),
    });
    const { user, router } = await openSignup();
    await register(user);
    await screen.findByRole('dialog', { name: 'Activate account' });
    await navigator.clipboard.writeText('123456');
    await user.click(screen.getByRole('button', { name: 'Paste code' }));
    const toast = await findToast('Something went wrong');
    expect(within(toast).getByText(/Log in to continue/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
