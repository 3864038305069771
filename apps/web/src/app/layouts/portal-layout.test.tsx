import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { jsonResponse, loginResponse, stubApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const withUnread = (unread: number) => () =>
  jsonResponse({
    data: [],
    pagination: { current_page: 1, per_page: 1, last_page: 1, total: 0 },
    unread_count: unread,
  });

describe("the customer menu's unread count", () => {
  it.each([
    [1, '1'],
    [14, '14'],
    [20, '20'],
    [99, '99'],
    [100, '99+'],
    [2345, '99+'],
  ])('shows %i unread notifications as "%s"', async (unread, shown) => {
    stubApi({ 'GET /api/my-notifications': withUnread(unread) });
    sessionStore.signIn(loginResponse());
    renderApp('/campaigns/new');
    const link = await screen.findByRole('link', { name: /^Notifications/ });
    // The badge holds the whole number and, for screen readers, what it counts.
    await waitFor(() =>
      expect(link.querySelector('.mantine-Badge-root')).toHaveTextContent(`${shown} unread`, {
        normalizeWhitespace: true,
      }),
    );
    expect(link.querySelector('.mantine-Badge-label')?.firstChild?.textContent).toBe(shown);
  });

  it('shows no count while everything is read', async () => {
    stubApi({ 'GET /api/my-notifications': withUnread(0) });
    sessionStore.signIn(loginResponse());
    renderApp('/campaigns/new');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText(/unread/)).not.toBeInTheDocument();
  });
});
