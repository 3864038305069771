import { ROLE } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { loginResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const signInAs = (roleId: number) => sessionStore.signIn(loginResponse({ role_id: roleId }));

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('route guards', () => {
  it.each(['/dashboard', '/campaigns/new', '/my-account', '/admin/dashboard', '/admin/view-campaign/4'])(
    'sends a signed-out visitor of %s to the login page',
    async (path) => {
      const { router } = renderApp(path);
      await expectPath(router, '/');
      expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    },
  );

  it('keeps a customer out of the admin pages', async () => {
    signInAs(ROLE.customer);
    const { router } = renderApp('/admin/users');
    // Refused to /, which then sends the customer on to their own dashboard.
    await expectPath(router, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('keeps an administrator out of the customer pages', async () => {
    signInAs(ROLE.admin);
    const { router } = renderApp('/campaigns');
    await expectPath(router, '/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('lets a customer in, with the customer menu and the beta banner', async () => {
    signInAs(ROLE.customer);
    const { router } = renderApp('/campaigns/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New campaign' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/campaigns/new');
    expect(screen.getByText(/This is a beta version/)).toBeInTheDocument();
  });

  it('lets an administrator in, without the beta banner', async () => {
    signInAs(ROLE.admin);
    renderApp('/admin/view-campaign/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'View campaign' })).toBeInTheDocument();
    expect(screen.queryByText(/This is a beta version/)).not.toBeInTheDocument();
  });

  it.each([
    ['/', ROLE.customer, '/dashboard'],
    ['/signup', ROLE.customer, '/dashboard'],
    ['/admin/login', ROLE.admin, '/admin/dashboard'],
    ['/', ROLE.admin, '/admin/dashboard'],
  ])('redirects a signed-in user from %s (role %i) to %s, replacing the entry', async (path, roleId, target) => {
    signInAs(roleId);
    const { router } = renderApp(path);
    await expectPath(router, target);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the 404 page for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'ERROR' })).toBeInTheDocument();
    expect(screen.getByText("We can't seem to find the page you are looking for!")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home Page' })).toHaveAttribute('href', '/');
  });

  it('moves the old reset-password address to the password-setup page', async () => {
    const { router } = renderApp('/reset-password/abc123');
    await expectPath(router, '/password-setup/abc123');
  });
});
