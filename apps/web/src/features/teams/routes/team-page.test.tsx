import { ADVERTISER_HEADER, ADVERTISER_MESSAGES, type AdvertiserRole, type Membership } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { advertiserStore } from '@/stores/advertiser-store';
import { sessionStore } from '@/stores/session-store';
import { fillIn, renderApp } from '@/test/render-app';
import { findToast, jsonResponse, loginResponse, requestsTo, stubApi, type ApiHandler } from '@/test/fixtures';

const MEMBERSHIPS = 'GET /api/customer/advertisers';
const TEAM = 'GET /api/customer/team';
const TRAIL = 'GET /api/customer/team/audit';
const INVITE = 'POST /api/customer/team/invitations';

const membership = (advertiser_id: number, name: string, role: AdvertiserRole): Membership => ({
  advertiser_id,
  name,
  time_zone: 'UTC',
  role,
  suspended: false,
});

const emptyPage = () =>
  jsonResponse({ data: [], pagination: { current_page: 1, per_page: 5, last_page: 1, total: 0 }, unread_count: 0 });

const noActiveCampaigns = () =>
  jsonResponse({ type: 'Active', data: [], pagination: { current_page: 1, per_page: 10, last_page: 1, total: 0 } });

const team = () =>
  jsonResponse({
    advertiser: { advertiser_id: 1, name: 'Acme Ads', suspended: false, time_zone: 'UTC' },
    members: [
      {
        user_id: 7,
        email: 'ann@example.com',
        first_name: 'Ann',
        last_name: 'Lee',
        role: 'owner',
        joined_at: '2026-11-01T10:00:00.000Z',
      },
      {
        user_id: 8,
        email: 'max@example.com',
        first_name: 'Max',
        last_name: 'Moss',
        role: 'manager',
        joined_at: '2026-11-02T10:00:00.000Z',
      },
    ],
    invitations: [
      {
        id: 3,
        email: 'vic@example.com',
        role: 'viewer',
        invited_at: '2026-11-20T10:00:00.000Z',
        expires_at: '2026-11-27T10:00:00.000Z',
        expired: false,
      },
    ],
  });

const trail = () =>
  jsonResponse({
    data: [
      {
        id: 2,
        action: 'team.invited',
        actor: 'Ann Lee',
        subject_type: 'advertiser',
        subject_id: 1,
        campaign_name: null,
        before: null,
        after: { email: 'vic@example.com', role: 'viewer' },
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ],
    next_before: null,
  });

function open(path: string, memberships: Membership[], handlers: Record<string, ApiHandler> = {}) {
  const fetchMock = stubApi({
    [MEMBERSHIPS]: () => jsonResponse({ data: memberships }),
    [TEAM]: team,
    [TRAIL]: trail,
    'GET /api/my-notifications': emptyPage,
    ...handlers,
  });
  sessionStore.signIn(loginResponse());
  return { ...renderApp(path), fetchMock };
}

describe('teams', () => {
  it('shows an owner the members, pending invitations and activity, and sends an invitation', async () => {
    const { user, fetchMock } = open('/team', [membership(1, 'Acme Ads', 'owner')], {
      [INVITE]: (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { email: string; role: string };
        return jsonResponse(
          {
            id: 4,
            ...body,
            invited_at: '2026-11-26T10:00:00.000Z',
            expires_at: '2026-12-03T10:00:00.000Z',
            expired: false,
          },
          201,
        );
      },
    });
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getByText('Max Moss')).toBeInTheDocument();
    expect(within(members).getByRole('combobox', { name: 'Role of Max Moss' })).toHaveValue('Manager');
    expect(
      within(screen.getByRole('list', { name: 'Pending invitations' })).getByText('vic@example.com'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Ann Lee invited vic@example.com as viewer')).toBeInTheDocument();

    await fillIn(user, screen.getByRole('textbox', { name: 'E-mail' }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await findToast('Invitation sent');
    expect(requestsTo(fetchMock, INVITE)[0]!.body).toEqual({ email: 'new@example.com', role: 'viewer' });
  });

  it('says why a role cannot open a page, and hides what it cannot do', async () => {
    const { user } = open('/team', [membership(1, 'Acme Ads', 'viewer')], {
      'GET /api/customer/my-active-campaigns': noActiveCampaigns,
    });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(ADVERTISER_MESSAGES.roleForbidden('team.manage'));
    expect(notice).toHaveTextContent('You are viewer in Acme Ads');
    const menu = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(within(menu).queryByRole('link', { name: 'Team' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Balance' })).toBeNull();
    await user.click(within(menu).getByRole('link', { name: 'Campaigns' }));
    await screen.findByText('No active campaigns yet');
    expect(screen.queryByRole('link', { name: 'New campaign' })).toBeNull();
  });

  it('switches to another account from the header, and names it on every request after', async () => {
    const { user, fetchMock } = open(
      '/campaigns',
      [membership(1, 'Acme Ads', 'owner'), membership(5, 'Globex', 'viewer')],
      { 'GET /api/customer/my-active-campaigns': noActiveCampaigns },
    );
    const switcher = await screen.findByRole('combobox', { name: 'Advertiser account' });
    expect(switcher).toHaveValue('Acme Ads (Owner)');
    await user.click(switcher);
    await user.click(await screen.findByRole('option', { name: 'Globex (Viewer)' }));
    expect(advertiserStore.get()).toBe(5);
    await waitFor(() => {
      const lists = requestsTo(fetchMock, 'GET /api/customer/my-active-campaigns');
      const last = fetchMock.mock.calls.filter(([input]) => String(input).includes('my-active-campaigns')).at(-1)!;
      expect(lists.length).toBeGreaterThan(1);
      expect(new Headers(last[1]?.headers).get(ADVERTISER_HEADER)).toBe('5');
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'New campaign' })).toBeNull());
  });

  it('lists the user’s accounts on My account and leaves the one they work in', async () => {
    advertiserStore.set(5);
    const { user, fetchMock } = open(
      '/my-account',
      [membership(1, 'Acme Ads', 'owner'), membership(5, 'Globex', 'viewer')],
      {
        'POST /api/customer/team/leave': () => jsonResponse({ message: 'You have left the advertiser account' }),
      },
    );
    const accounts = await screen.findByRole('list', { name: 'Your advertiser accounts' });
    expect(within(accounts).getByRole('button', { name: 'Work in Acme Ads' })).toBeInTheDocument();
    await user.click(within(accounts).getByRole('button', { name: 'Leave Globex' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await findToast('Done');
    const [left] = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/customer/team/leave'));
    expect(new Headers(left![1]?.headers).get(ADVERTISER_HEADER)).toBe('5');
    expect(advertiserStore.get()).toBeNull();
  });
});
