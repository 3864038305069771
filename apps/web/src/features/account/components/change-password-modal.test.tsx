import { ACCOUNT_MESSAGES, PASSWORD_MESSAGES } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { callsTo, jsonResponse, loginResponse, routeFetch, sentJson } from '@/test/fixtures';
import { fillIn, renderApp } from '@/test/render-app';

const session = () =>
  jsonResponse({
    data: { ...loginResponse().session_info, created_at: '2030-01-01T00:00:00Z', expires_at: '2030-01-02T00:00:00Z' },
  });

afterEach(() => {
  vi.useRealTimers();
});

async function openDialog(handlers: Parameters<typeof routeFetch>[0], options?: Parameters<typeof renderApp>[1]) {
  const fetchMock = routeFetch({ 'GET /api/customer/current-session': session, ...handlers });
  sessionStore.signIn(loginResponse());
  const app = renderApp('/my-account', options);
  await app.user.click(await screen.findByRole('button', { name: 'Change password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change password' });
  return { ...app, dialog, fetchMock };
}

describe('CHANGE_PASSWORD', () => {
  it('asks for each field with the messages documented in docs/product/accounts.md', async () => {
    const { user, dialog, fetchMock } = await openDialog({});
    await user.click(within(dialog).getByRole('button', { name: 'Update password' }));
    expect(await within(dialog).findByText(PASSWORD_MESSAGES.currentRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(PASSWORD_MESSAGES.newRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(PASSWORD_MESSAGES.confirmationRequired)).toBeInTheDocument();
    expect(PASSWORD_MESSAGES).toMatchObject({
      currentRequired: 'Current Password is required',
      newRequired: 'New Password is required',
      confirmationRequired: 'Confirm Password is required',
      mismatch: 'Password does not match',
    });

    await fillIn(user, within(dialog).getByLabelText('Current password'), 'Old-pass-1');
    await fillIn(user, within(dialog).getByLabelText('New password'), 'New-pass-22');
    await fillIn(user, within(dialog).getByLabelText('Confirm password'), 'New-pass-23');
    await user.click(within(dialog).getByRole('button', { name: 'Update password' }));
    expect(await within(dialog).findByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/customer/change-password')).toHaveLength(0);
  });

  it('puts a wrong current password on its field', async () => {
    const { user, dialog } = await openDialog({
      'POST /api/customer/change-password': () =>
        jsonResponse(
          {
            message: 'The given data was invalid',
            errors: { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
          },
          422,
        ),
    });
    await fillIn(user, within(dialog).getByLabelText('Current password'), 'Wrong-pass-1');
    await fillIn(user, within(dialog).getByLabelText('New password'), 'New-pass-22');
    await fillIn(user, within(dialog).getByLabelText('Confirm password'), 'New-pass-22');
    await user.click(within(dialog).getByRole('button', { name: 'Update password' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(sessionStore.getState().token).toBe('token-123');
  });

  it('shows the success screen, then ends the session and sends the user to log in again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, dialog, router, fetchMock } = await openDialog(
      { 'POST /api/customer/change-password': () => jsonResponse({ message: ACCOUNT_MESSAGES.passwordChanged }) },
      { userEventOptions: { advanceTimers: vi.advanceTimersByTime } },
    );
    await fillIn(user, within(dialog).getByLabelText('Current password'), 'Old-pass-1');
    await fillIn(user, within(dialog).getByLabelText('New password'), 'New-pass-22');
    await fillIn(user, within(dialog).getByLabelText('Confirm password'), 'New-pass-22');
    await user.click(within(dialog).getByRole('button', { name: 'Update password' }));

    expect(await screen.findByRole('heading', { name: 'Password updated!' })).toBeInTheDocument();
    expect(screen.getByText("You'll have to login using your new password")).toBeInTheDocument();
    expect(sentJson(callsTo(fetchMock, 'POST /api/customer/change-password')[0])).toEqual({
      current_password: 'Old-pass-1',
      new_password: 'New-pass-22',
      new_password_confirmation: 'New-pass-22',
    });
    // The screen runs its course first.
    expect(router.state.location.pathname).toBe('/my-account');

    for (let step = 0; step < 70; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    // Logged out on purpose: no error toast.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
