import { ROLE } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { loginResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/** The layouts' part in docs/accessibility.md, Focus: a new page's heading takes the focus. */
describe('focus on a new page', () => {
  it("goes to the portal's title on a new page, and not on the page the app opens on", async () => {
    sessionStore.signIn(loginResponse({ role_id: ROLE.customer }));
    const { router } = renderApp('/campaigns/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New campaign' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();

    await router.navigate('/my-account');
    const title = await screen.findByRole('heading', { level: 1, name: 'My account' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAttribute('tabindex', '-1');
  });

  it("goes to the portal's title after signing in on the login page", async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();

    // Signed in, the login page sends the user on to the dashboard.
    sessionStore.signIn(loginResponse({ role_id: ROLE.customer }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const title = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(title).toHaveFocus());
  });

  it("goes to a public page's heading, or to the page while it loads", async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInTheDocument();
    await router.navigate('/admin/login');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome Back!' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');

    await router.navigate('/signup');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Create new account' })).toHaveFocus());

    // The password page first asks the server about its link, with no heading yet.
    await router.navigate('/password-setup/some-link');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
