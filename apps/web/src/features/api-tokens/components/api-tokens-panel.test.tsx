import { API_TOKEN_MESSAGES, type ApiToken } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { callsTo, jsonResponse, loginResponse, routeFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const token = (overrides: Partial<ApiToken>): ApiToken => ({
  id: 1,
  name: 'Nightly export',
  scope: 'read',
  hint: 'Ab3x',
  created_at: '2030-01-01T09:00:00.000Z',
  expires_at: '2030-03-31T09:00:00.000Z',
  last_used_at: '2030-01-02T10:00:00.000Z',
  ...overrides,
});

const SECRET = 'portal_pat_Zq9wExampleExampleExampleExampleExample123';

describe('API tokens on My account', () => {
  it('lists the tokens, creates one shown once, and revokes one', async () => {
    const created = token({ id: 2, name: 'Campaign robot', scope: 'manage', hint: 'Zq9w', last_used_at: null });
    let listed = [token({})];
    const fetchMock = routeFetch({
      'GET /api/customer/api-tokens': () => jsonResponse({ data: listed }),
      'POST /api/customer/api-tokens': () => {
        listed = [created, ...listed];
        return jsonResponse({ message: API_TOKEN_MESSAGES.created, token: SECRET, data: created }, 201);
      },
      'DELETE /api/customer/api-tokens/1': () => {
        listed = listed.filter((row) => row.id !== 1);
        return jsonResponse({ message: API_TOKEN_MESSAGES.revoked });
      },
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');

    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    const [first] = await within(list).findAllByRole('listitem');
    expect(first).toHaveTextContent('Nightly exportRead');
    expect(first).toHaveTextContent('portal_pat_Ab3x…');
    expect(first).toHaveTextContent('Last used 2 Jan 2030, 10:00 UTC');

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Campaign robot');
    await user.click(within(dialog).getByRole('radio', { name: /Manage campaigns/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your token' });
    expect(within(shown).getByRole('textbox', { name: 'Your new token' })).toHaveValue(SECRET);
    const [call] = callsTo(fetchMock, 'POST /api/customer/api-tokens');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      name: 'Campaign robot',
      scope: 'manage',
      expires_in_days: 90,
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    // The token itself is nowhere on the page once the dialog is closed.
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Never used');

    await user.click(within(list).getByRole('button', { name: 'Revoke Nightly export' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /api/customer/api-tokens/1')).toHaveLength(1);
  });

  it('shows the field errors of a refused token', async () => {
    routeFetch({
      'GET /api/customer/api-tokens': () => jsonResponse({ data: [] }),
      'POST /api/customer/api-tokens': () =>
        jsonResponse(
          { message: API_TOKEN_MESSAGES.nameRequired, errors: { name: [API_TOKEN_MESSAGES.nameRequired] } },
          422,
        ),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.nameRequired)).toBeInTheDocument();
  });
});
