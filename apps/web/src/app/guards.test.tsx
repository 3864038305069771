import { ROLE } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { checkout, jsonResponse, loginResponse, sentJson, stubApi } from '@/test/fixtures';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { fillIn, renderApp } from '@/test/render-app';

const signInAs = (roleId: number) => sessionStore.signIn(loginResponse({ role_id: roleId }));

type Router = ReturnType<typeof renderApp>['router'];

async function expectPath(router: Router, path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

/** The whole address the router is at: path and query. */
async function expectAddress(router: Router, address: string) {
  await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(address));
}

async function logInThroughForm(user: ReturnType<typeof renderApp>['user']) {
  await fillIn(user, await screen.findByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Log into account' }));
}

describe('route guards', () => {
  it.each([
    '/dashboard',
    '/campaigns/new',
    '/my-account',
    '/admin/dashboard',
    '/admin/view-campaign/4',
    '/receipts/12',
  ])('sends a signed-out visitor of %s to the login page, with the way back', async (path) => {
    const { router } = renderApp(path);
    await expectAddress(router, `/?redirect=${encodeURIComponent(path)}`);
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
  });

  it('brings a signed-out visitor of a checkout link back to it after logging in', async () => {
    const checkoutPage = '/checkout/q3Xb_9-kLm2PzT8rVw0aYc4dEf6gHi1J?from=email';
    const fetchMock = stubApi({
      'POST /api/login': () => jsonResponse(loginResponse()),
      'GET /api/checkout/q3Xb_9-kLm2PzT8rVw0aYc4dEf6gHi1J': () => jsonResponse({ data: checkout() }),
      'GET /api/stripe/get-payment-methods': () => jsonResponse({ data: [] }),
      'GET /api/my-notifications': () =>
        jsonResponse({
          data: [],
          pagination: { current_page: 1, per_page: 1, last_page: 1, total: 0 },
          unread_count: 0,
        }),
    });
    const { router, user } = renderApp(checkoutPage);
    await expectAddress(router, `/?redirect=${encodeURIComponent(checkoutPage)}`);

    await logInThroughForm(user);
    await expectAddress(router, checkoutPage);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Winter boots')).toBeInTheDocument();
    expect(sentJson(fetchMock.mock.calls.find(([url]) => String(url) === '/api/login'))).toMatchObject({
      email: 'ann@example.com',
    });
  });

  it.each([
    ['another site', 'https%3A%2F%2Fevil.example%2Fcheckout'],
    ['an address without a scheme', '%2F%2Fevil.example'],
    ['a backslash trick', '%2F%5Cevil.example'],
    ['a javascript: address', 'javascript%3Aalert(1)'],
  ])('sends a user to the dashboard rather than to %s after logging in', async (_, hostile) => {
    stubApi({ 'POST /api/login': () => jsonResponse(loginResponse()) });
    const { router, user } = renderApp(`/?redirect=${hostile}`);
    await logInThroughForm(user);
    await expectAddress(router, '/dashboard');
  });

  it('sends a user who is signed in already from the login page on to the way back', async () => {
    signInAs(ROLE.customer);
    const { router } = renderApp(`/?redirect=${encodeURIComponent('/campaigns?tab=archived')}`);
    await expectAddress(router, '/campaigns?tab=archived');
  });

  it('sends an administrator whose way back is a customer page to the admin dashboard, without a loop', async () => {
    signInAs(ROLE.admin);
    const { router } = renderApp(`/?redirect=${encodeURIComponent('/checkout/abc')}`);
    await expectAddress(router, '/admin/dashboard');
  });

  it('sends the user to the login page with the way back when the server ends the session', async () => {
    stubApi({
      'GET /api/customer/current-session': () => jsonResponse({ message: 'Your session has ended.' }, 401),
    });
    signInAs(ROLE.customer);
    const { router } = renderApp('/my-account');
    await expectAddress(router, `/?redirect=${encodeURIComponent('/my-account')}`);
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
  });

  it('keeps a customer out of the admin pages', async () => {
    signInAs(ROLE.customer);
    const { router } = renderApp('/admin/users');
    await expectAddress(router, '/dashboard');
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
