import { ROLE } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { jsonResponse, loginResponse, sentJson } from '@/test/fixtures';
import { fillIn, renderApp } from '@/test/render-app';
import { REMEMBER_ME_KEYS } from '../utils/remember-me';

let fetchMock: MockInstance<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  fetchMock.mockReset();
});

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await fillIn(user, screen.getByLabelText('Email'), email);
  if (password) await fillIn(user, screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log into account' }));
}

async function openLoginPage() {
  const app = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back!' });
  return app;
}

describe('login form validation', () => {
  it('asks for the e-mail and the password when both are empty', async () => {
    const { user } = await openLoginPage();
    await fillAndSubmit(user, '', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed e-mail and a password under 6 characters', async () => {
    const { user } = await openLoginPage();
    await fillAndSubmit(user, 'not-an-email', '12345');
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('carries the autocomplete hints the password manager needs', async () => {
    await openLoginPage();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(document.title).toBe('Login');
  });
});

describe('logging in', () => {
  it('sends the e-mail lower-cased and goes to the customer dashboard', async () => {
    fetchMock.mockResolvedValue(jsonResponse(loginResponse()));
    const { user, router } = await openLoginPage();
    await fillAndSubmit(user, 'Ann@Example.COM', 'secret1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login');
    expect(init?.method).toBe('POST');
    expect(sentJson(fetchMock.mock.calls[0])).toEqual({
      email: 'ann@example.com',
      password: 'secret1',
      remember: false,
    });
    expect(window.localStorage.getItem('authToken')).toBe('token-123');
    expect(window.localStorage.getItem(REMEMBER_ME_KEYS.email)).toBeNull();
  });

  it('sends an administrator to the admin dashboard', async () => {
    fetchMock.mockResolvedValue(jsonResponse(loginResponse({ role_id: ROLE.admin })));
    const { user, router } = await openLoginPage();
    await fillAndSubmit(user, 'admin@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('reads "Logging in" while the request runs', async () => {
    fetchMock.mockReturnValue(new Promise<Response>(() => {}));
    const { user } = await openLoginPage();
    await fillAndSubmit(user, 'ann@example.com', 'secret1');
    expect(await screen.findByRole('button', { name: 'Logging in' })).toBeInTheDocument();
    expect(screen.getByTestId('request-progress')).toBeInTheDocument();
  });
});

describe('remember me', () => {
  it('stores the e-mail and the flag, never the password, and asks for a long session', async () => {
    fetchMock.mockResolvedValue(jsonResponse(loginResponse()));
    const { user, router } = await openLoginPage();
    await user.click(screen.getByLabelText('Remember me'));
    await fillAndSubmit(user, 'Ann@Example.com', 'secret1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sentJson(fetchMock.mock.calls[0])).toMatchObject({ remember: true });
    expect(window.localStorage.getItem(REMEMBER_ME_KEYS.email)).toBe('ann@example.com');
    expect(window.localStorage.getItem(REMEMBER_ME_KEYS.checked)).toBe('true');
    const everything = Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key) ?? '');
    expect(everything.some((value) => value.includes('secret1'))).toBe(false);
  });

  it('pre-fills a remembered e-mail and ticks the box', async () => {
    window.localStorage.setItem(REMEMBER_ME_KEYS.email, 'ann@example.com');
    window.localStorage.setItem(REMEMBER_ME_KEYS.checked, 'true');
    await openLoginPage();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
  });
});

describe('failed login', () => {
  it('shows the Error toast with the server message and forgets the remembered e-mail', async () => {
    window.localStorage.setItem(REMEMBER_ME_KEYS.email, 'ann@example.com');
    window.localStorage.setItem(REMEMBER_ME_KEYS.checked, 'true');
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Invalid email or password' }, 401));
    const { user, router } = await openLoginPage();
    await fillAndSubmit(user, '', 'wrong-password');

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Invalid email or password')).toBeInTheDocument();
    expect(window.localStorage.getItem(REMEMBER_ME_KEYS.email)).toBeNull();
    expect(window.localStorage.getItem(REMEMBER_ME_KEYS.checked)).toBeNull();
    // The login call's own 401 is a wrong password, not an ended session.
    expect(router.state.location.pathname).toBe('/');
  });

  it('falls back to "Something went wrong" when the server sends no message', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 502 }));
    const { user } = await openLoginPage();
    await fillAndSubmit(user, 'ann@example.com', 'secret1');
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Something went wrong')).toBeInTheDocument();
  });

  it('resumes an unfinished sign-up with a warning', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          registration_status: 'incomplete',
          message: 'Your registration is not complete. Please finish setting up your account.',
          user: {
            id: 9,
            email: 'bo@example.com',
            role_id: 2,
            profile_step: 3,
            first_name: 'Bo',
            last_name: 'Ray',
            logo: null,
          },
        },
        403,
      ),
    );
    const { user, router } = await openLoginPage();
    await fillAndSubmit(user, 'bo@example.com', 'secret1');

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Some Information is Missing')).toBeInTheDocument();
    expect(within(toast).getByText(/registration is not complete/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    // Step 3 means the names are known: the header shows the profile chip.
    expect(await screen.findByText('Bo Ray')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});
