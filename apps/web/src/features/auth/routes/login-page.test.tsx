import { AUTH_MESSAGES } from '@portal/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { jsonResponse, loginResponse, routeFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ended = () => jsonResponse({ message: AUTH_MESSAGES.unauthenticated }, 401);

describe('the login page after a session ends', () => {
  it('says once that the session ended when the server ended it', async () => {
    routeFetch({ 'GET /api/customer/current-session': ended });
    sessionStore.signIn(loginResponse());
    const { router } = renderApp('/my-account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(AUTH_MESSAGES.unauthenticated)).toBeInTheDocument();

    // A reload of the login page does not say it again.
    cleanup();
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Log into account' })).toBeInTheDocument();
    expect(screen.queryByText(AUTH_MESSAGES.unauthenticated)).not.toBeInTheDocument();
  });

  it('says nothing after a deliberate logout', async () => {
    routeFetch({
      'GET /api/customer/current-session': () =>
        jsonResponse({
          data: {
            os: 'Linux',
            browser: 'Chrome',
            ip: '127.0.0.1',
            city: 'Unknown',
            country: 'Unknown',
            created_at: new Date().toISOString(),
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          },
        }),
      'POST /api/logout': () => jsonResponse({ message: AUTH_MESSAGES.loggedOut }),
    });
    sessionStore.signIn(loginResponse());
    const { router, user } = renderApp('/my-account');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Log into account' })).toBeInTheDocument();
    expect(screen.queryByText(AUTH_MESSAGES.unauthenticated)).not.toBeInTheDocument();
  });
});
