import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { jsonResponse, loginResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const liveSession = {
  data: {
    os: 'Windows 11',
    browser: 'Firefox 140',
    ip: '198.51.100.7',
    city: 'Lisbon',
    country: 'Portugal',
    created_at: '2030-01-01T00:00:00.000Z',
    expires_at: '2030-01-01T12:00:00.000Z',
  },
};

/** Answers GET current-session, and POST logout with the given response. */
function stubApi(logoutResponse: () => Response) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (url) =>
      String(url).endsWith('/logout') ? logoutResponse() : jsonResponse(liveSession),
    );
}

describe('My account', () => {
  it('shows the stored session at once, then the live one', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // A body of its own for each request: the page's panels each ask for theirs.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      await answered;
      return jsonResponse(liveSession);
    });
    sessionStore.signIn(loginResponse());
    renderApp('/my-account');

    expect(await screen.findByText('Berlin')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Lisbon')).toBeInTheDocument();
    expect(screen.getByText('198.51.100.7')).toBeInTheDocument();
  });

  it('logs out with the bearer token and returns to the login page', async () => {
    const fetchMock = stubApi(() => jsonResponse({ message: 'Logged out successfully' }));
    sessionStore.signIn(loginResponse({ token: 'tok-9' }));
    const { user, router } = renderApp('/my-account');

    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The user chose to leave: the plain login page, with no way back to this one.
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/logout');
    expect(logoutCall?.[1]?.method).toBe('POST');
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok-9');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('treats a 401 from logout as logged out', async () => {
    stubApi(() => jsonResponse({ message: 'Your session has ended.' }, 401));
    sessionStore.signIn(loginResponse());
    const { user, router } = renderApp('/my-account');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(sessionStore.getState().token).toBeNull();
  });

  it('stays signed in and says why when logout fails otherwise', async () => {
    stubApi(() => jsonResponse({ message: 'Service unavailable' }, 503));
    sessionStore.signIn(loginResponse());
    const { user, router } = renderApp('/my-account');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Service unavailable')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-account');
    expect(sessionStore.getState().token).toBe('token-123');
  });
});
