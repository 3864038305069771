import { REVIEW_MESSAGES, ROLE, type Campaign, type ListedUser } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { findToast, jsonResponse, loginResponse, requestsTo, stubApi, type ApiHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

function openAsAdmin(path: string, handlers: Record<string, ApiHandler>) {
  const fetchMock = stubApi(handlers);
  sessionStore.signIn(loginResponse({ role_id: ROLE.admin }));
  return { ...renderApp(path), fetchMock };
}

const page = <T,>(data: T[]) =>
  jsonResponse({ data, pagination: { current_page: 1, per_page: 10, last_page: 1, total: data.length } });

function user(overrides: Partial<ListedUser> = {}): ListedUser {
  return {
    id: 5,
    first_name: 'Bo',
    last_name: 'Banned',
    email: 'bo@example.com',
    total_spent: 0,
    status: true,
    type: ROLE.customer,
    ...overrides,
  };
}

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 9,
    user_id: 5,
    user_first_name: 'Bo',
    user_last_name: 'Banned',
    user_email: 'bo@example.com',
    campaign_name: 'Winter boots',
    campaign_objective: 'Consideration',
    budget_type: 'daily',
    budget_amount: 40,
    budget: 40,
    keywords: ['boots', 'winter', 'warm'],
    approval_status: 'pending',
    decline_reason: null,
    on_off: 'on',
    status: 'active',
    archived_at: null,
    delivery_status: 'off',
    payment_status: 'unpaid',
    payment_link_url: null,
    date_paid: null,
    created_at: '2026-11-20T10:00:00.000Z',
    published_on: null,
    submitted_at: '2026-11-21T10:00:00.000Z',
    declined_at: null,
    ad_title: 'Warm feet',
    ad_description: 'All sizes',
    destination_url: 'https://shop.example.com/boots',
    statistics: [],
    ...overrides,
  };
}

/** A row's cells by column header. */
function cellsOf(row: HTMLElement) {
  const headers = within(row.closest('table')!)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');
  const cells = within(row).getAllByRole('cell');
  return Object.fromEntries(headers.map((header, index) => [header, cells[index]!.textContent]));
}

describe('/admin/campaigns', () => {
  it('shows each tab with its columns and keeps the tab in the address', async () => {
    const {
      fetchMock,
      router,
      user: person,
    } = openAsAdmin('/admin/campaigns', {
      'GET /api/get-campaign-requests': (url) =>
        url.searchParams.get('listing_type') === 'declined'
          ? page([
              campaign({
                approval_status: 'declined',
                declined_at: '2026-11-22T00:00:00Z',
                decline_reason: 'Too dark',
              }),
            ])
          : page([campaign()]),
    });
    const row = (await screen.findByText('Winter boots')).closest('tr')!;
    expect(cellsOf(row)).toEqual({
      Campaign: 'Winter boots',
      Customer: 'Bo Bannedbo@example.com',
      Submitted: '21 Nov 2026',
      Objective: 'Consideration',
      Budget: 'Daily $40.00',
      View: 'View',
    });
    await person.click(screen.getByRole('tab', { name: 'Declined' }));
    expect(await screen.findByText('Too dark')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Reason' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=declined');
    const asked = requestsTo(fetchMock, 'GET /api/get-campaign-requests').map((request) =>
      request.url.searchParams.get('listing_type'),
    );
    expect(asked).toEqual(['pending', 'declined']);
  });

  it('says so when a tab is empty', async () => {
    openAsAdmin('/admin/campaigns?tab=approved', { 'GET /api/get-campaign-requests': () => page([]) });
    expect(await screen.findByText('No approved campaigns yet')).toBeInTheDocument();
  });
});

describe('/admin/users and the ban dialog', () => {
  it('bans after saying what the ban switches off, then shows the user InActive', async () => {
    let banned = false;
    const { fetchMock, user: person } = openAsAdmin('/admin/users', {
      'GET /api/get-all-users': () => page([user({ status: !banned })]),
      'GET /api/admin/user/5': () =>
        jsonResponse({
          data: {
            ...user(),
            campaigns_to_switch_off: [{ id: 9, campaign_name: 'Winter boots', approval_status: 'approved' }],
            history: [],
          },
        }),
      'POST /api/toggle-user-status/5': () => {
        banned = true;
        return jsonResponse({ message: REVIEW_MESSAGES.userStatusUpdated, data: { id: 5, status: false } });
      },
    });
    await person.click(await screen.findByRole('button', { name: 'Active: ban Bo Banned' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Bo Banned?' });
    expect(await within(dialog).findByText('Winter boots (approved)')).toBeInTheDocument();
    expect(within(dialog).getByText('No earlier bans or decisions')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await person.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await findToast('Success')).toHaveTextContent(REVIEW_MESSAGES.userStatusUpdated);
    expect(await screen.findByRole('button', { name: 'InActive: unban Bo Banned' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/toggle-user-status/5')).toHaveLength(1);
  });

  it("shows the server's refusal in an Error toast", async () => {
    const { user: person } = openAsAdmin('/admin/users', {
      'GET /api/get-all-users': () => page([user()]),
      'GET /api/admin/user/5': () => jsonResponse({ data: { ...user(), campaigns_to_switch_off: [], history: [] } }),
      'POST /api/toggle-user-status/5': () => jsonResponse({ message: REVIEW_MESSAGES.cannotBanAdmin }, 409),
    });
    await person.click(await screen.findByRole('button', { name: 'Active: ban Bo Banned' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Bo Banned?' });
    expect(
      await within(dialog).findByText('None of their campaigns is running or waiting for review.'),
    ).toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await findToast('Error')).toHaveTextContent(REVIEW_MESSAGES.cannotBanAdmin);
  });
});
