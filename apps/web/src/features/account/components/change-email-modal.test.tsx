import { ACCOUNT_MESSAGES } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { callsTo, emptyMyAccountLists, jsonResponse, loginResponse, routeFetch, sentJson } from '@/test/fixtures';
import { fillIn, renderApp } from '@/test/render-app';

const session = () =>
  jsonResponse({
    data: { ...loginResponse().session_info, created_at: '2030-01-01T00:00:00Z', expires_at: '2030-01-02T00:00:00Z' },
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('CHANGE_EMAIL → VERIFY_EMAIL_UPDATE → EMAIL_CHANGE_SUCCESS', () => {
  it('changes the address with a code and closes by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = routeFetch({
      ...emptyMyAccountLists,
      'GET /api/customer/current-session': session,
      'POST /api/customer/email-change-request': () => jsonResponse({ message: ACCOUNT_MESSAGES.emailCodeSent }),
      'POST /api/customer/resend-otp/email-change-request': () =>
        jsonResponse({ message: ACCOUNT_MESSAGES.emailCodeResent }),
      'POST /api/customer/new-email-otp/verify': () =>
        jsonResponse({ message: ACCOUNT_MESSAGES.emailChanged, new_email: 'new@example.com' }),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account', { userEventOptions: { advanceTimers: vi.advanceTimersByTime } });
    expect(await screen.findByLabelText('Email')).toHaveValue('ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));

    let dialog = await screen.findByRole('dialog', { name: 'Change email' });
    const send = within(dialog).getByRole('button', { name: 'Send verification code' });
    expect(send).toBeDisabled();
    await fillIn(user, within(dialog).getByLabelText('New email'), 'New@Example.com');
    await user.click(send);

    dialog = await screen.findByRole('dialog', { name: 'Verify your new email' });
    expect(sentJson(callsTo(fetchMock, 'POST /api/customer/email-change-request')[0])).toEqual({
      new_email: 'new@example.com',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send new code' }));
    expect(await screen.findByText('Code resent')).toBeInTheDocument();
    expect(screen.getByText('Verification code sent')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
    await user.keyboard('654321');
    expect(await screen.findByRole('heading', { name: 'Email updated!' })).toBeInTheDocument();
    expect(sentJson(callsTo(fetchMock, 'POST /api/customer/new-email-otp/verify')[0])).toEqual({
      new_email: 'new@example.com',
      otp: '654321',
    });
    expect(sessionStore.getState().user?.email).toBe('new@example.com');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');

    for (let step = 0; step < 70; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Still signed in: an e-mail change ends no session.
    expect(sessionStore.getState().token).toBe('token-123');
  });

  it('keeps the dialog open with the reason, said once under the field, when the address is taken', async () => {
    routeFetch({
      ...emptyMyAccountLists,
      'GET /api/customer/current-session': session,
      'POST /api/customer/email-change-request': () => jsonResponse({ message: ACCOUNT_MESSAGES.emailTaken }, 409),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change email' });
    await fillIn(user, within(dialog).getByLabelText('New email'), 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send verification code' }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New email')).toHaveAttribute('aria-invalid', 'true');
    // Not a second time as a toast.
    expect(screen.getAllByText(ACCOUNT_MESSAGES.emailTaken)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
