import { SESSION_MESSAGES, type UserSession } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { callsTo, jsonResponse, loginResponse, routeFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const session = (overrides: Partial<UserSession>): UserSession => ({
  id: '11111111-1111-4111-8111-111111111111',
  os: 'Windows 10',
  browser: 'Chrome 124',
  ip: '203.0.113.7',
  city: 'Springfield',
  country: 'United States',
  remember: false,
  started_at: '2030-01-01T09:00:00.000Z',
  last_active_at: '2030-01-01T09:30:00.000Z',
  expires_at: '2030-01-01T21:00:00.000Z',
  current: false,
  ...overrides,
});

const THIS_ONE = session({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', current: true });
const PHONE = session({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  os: 'Android 14',
  browser: 'Chrome Mobile 124',
  city: 'Unknown',
  country: 'Unknown',
  ip: '198.51.100.2',
});

describe('Your sessions on My account', () => {
  it('lists each device, marks this one, and signs another out', async () => {
    let listed = [THIS_ONE, PHONE];
    const fetchMock = routeFetch({
      'GET /api/customer/current-session': () => jsonResponse({ data: loginResponse().session_info }),
      'GET /api/customer/sessions': () => jsonResponse({ data: listed }),
      [`DELETE /api/customer/sessions/${PHONE.id}`]: () => {
        listed = [THIS_ONE];
        return jsonResponse({ message: SESSION_MESSAGES.revoked, revoked: 1 });
      },
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');

    const devices = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = await within(devices).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome 124 on Windows 10This device');
    expect(rows[0]).toHaveTextContent('Springfield, United States, 203.0.113.7');
    expect(rows[0]).toHaveTextContent('Started 1 Jan 2030, 09:00 UTC · Last active 1 Jan 2030, 09:30 UTC');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    // An unknown place is left out rather than written as "Unknown, Unknown".
    expect(rows[1]).toHaveTextContent('198.51.100.2');
    expect(rows[1]).not.toHaveTextContent('Unknown');

    await user.click(
      within(rows[1]!).getByRole('button', {
        name: 'Sign out Chrome Mobile 124 on Android 14, started 1 Jan 2030, 09:00 UTC',
      }),
    );
    expect(
      await screen.findByText(`${SESSION_MESSAGES.revoked}: Chrome Mobile 124 on Android 14.`),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo(fetchMock, `DELETE /api/customer/sessions/${PHONE.id}`)).toHaveLength(1);
    // With no other session, there is nothing left to sign out.
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });

  it('signs every other session out at once, and says how many', async () => {
    let listed = [THIS_ONE, PHONE, session({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc' })];
    routeFetch({
      'GET /api/customer/current-session': () => jsonResponse({ data: loginResponse().session_info }),
      'GET /api/customer/sessions': () => jsonResponse({ data: listed }),
      'POST /api/customer/sessions/revoke-others': () => {
        listed = [THIS_ONE];
        return jsonResponse({ message: SESSION_MESSAGES.othersRevoked, revoked: 2 });
      },
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('2 other sessions have been signed out.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });

  it('says so when a session had already ended, and shows the list as it is', async () => {
    let listed = [THIS_ONE, PHONE];
    routeFetch({
      'GET /api/customer/current-session': () => jsonResponse({ data: loginResponse().session_info }),
      'GET /api/customer/sessions': () => jsonResponse({ data: listed }),
      [`DELETE /api/customer/sessions/${PHONE.id}`]: () => {
        listed = [THIS_ONE];
        return jsonResponse({ message: SESSION_MESSAGES.notFound }, 404);
      },
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    await user.click(await screen.findByRole('button', { name: /^Sign out Chrome Mobile 124/ }));
    expect(await screen.findByText(SESSION_MESSAGES.notFound)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });
});
