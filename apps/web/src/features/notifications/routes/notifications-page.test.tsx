import type { Notification } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { jsonResponse, loginResponse, stubApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const notification = (overrides: Partial<Notification>): Notification => ({
  id: 1,
  message: 'Payment of $70.00 received for your campaign "Daily deals"',
  event_type: 'system',
  created_at: '2030-01-01T09:00:00.000Z',
  read_at: null,
  sender: { name: 'Advertiser Portal', logo: null },
  campaign: null,
  link: null,
  ...overrides,
});

describe('Notifications page', () => {
  it('makes an alert a link to the page where the user acts on it', async () => {
    const alert = notification({
      id: 2,
      event_type: 'alert',
      message: 'Your campaign "Daily deals" has spent 80% of its budget: $56.00 of $70.00',
      link: '/campaigns?search=Daily%20deals',
    });
    const list = {
      data: [alert, notification({})],
      pagination: { current_page: 1, per_page: 10, last_page: 1, total: 2 },
    };
    stubApi({
      'GET /api/my-notifications': () => jsonResponse({ ...list, unread_count: 2 }),
      'POST /api/my-notifications/read': () =>
        jsonResponse({ message: 'Notifications marked as read', unread_count: 0 }),
      'GET /api/customer/my-active-campaigns': () =>
        jsonResponse({ data: [], pagination: { current_page: 1, per_page: 10, last_page: 1, total: 0 } }),
    });
    sessionStore.signIn(loginResponse());
    const { user, router } = renderApp('/notifications');

    const link = await screen.findByRole('link', { name: alert.message });
    expect(screen.queryByRole('link', { name: /Payment of \$70\.00/ })).toBeNull();
    expect(screen.getByText(/Payment of \$70\.00/)).toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
    expect(router.state.location.search).toBe('?search=Daily%20deals');
  });
});
