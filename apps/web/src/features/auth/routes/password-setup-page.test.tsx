import { PASSWORD_MESSAGES, RECOVERY_MESSAGES } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch, sentJson } from '@/test/fixtures';
import { fillIn, renderApp } from '@/test/render-app';

const LINK = 'abc123';
const linkOk = () => jsonResponse({ message: RECOVERY_MESSAGES.linkValid });

async function openResetPage(handlers: Parameters<typeof routeFetch>[0] = {}) {
  const fetchMock = routeFetch({ [`GET /api/reset-password/${LINK}`]: linkOk, ...handlers });
  const app = renderApp(`/password-setup/${LINK}`);
  await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
  return { ...app, fetchMock };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('reset-password page', () => {
  it('offers "Login instead" and "Create new account" in the header', async () => {
    await openResetPage();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login instead' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/signup');
  });

  it('hints Match! or Mismatch as the confirmation is typed', async () => {
    const { user } = await openResetPage();
    const confirmation = screen.getByLabelText('Confirm password');
    expect(screen.queryByText('Match!')).not.toBeInTheDocument();
    expect(screen.queryByText('Mismatch')).not.toBeInTheDocument();

    await fillIn(user, screen.getByLabelText('New password'), 'Secret-pass1');
    await user.type(confirmation, 'Secret');
    expect(screen.getByText('Mismatch')).toBeInTheDocument();
    expect(screen.queryByText('Match!')).not.toBeInTheDocument();

    await user.type(confirmation, '-pass1');
    expect(screen.getByText('Match!')).toBeInTheDocument();
    expect(screen.queryByText('Mismatch')).not.toBeInTheDocument();

    await user.type(confirmation, 'x');
    expect(screen.getByText('Mismatch')).toBeInTheDocument();
  });

  it('refuses a mismatch with "Password does not match" and sends nothing', async () => {
    const { user, fetchMock } = await openResetPage();
    await fillIn(user, screen.getByLabelText('New password'), 'Secret-pass1');
    await fillIn(user, screen.getByLabelText('Confirm password'), 'Secret-pass2');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/reset-password/${LINK}`)).toHaveLength(0);
  });

  it('shows "Password updated!" and goes to the login page when the bar is full', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = routeFetch({
      [`GET /api/reset-password/${LINK}`]: linkOk,
      [`POST /api/reset-password/${LINK}`]: () => jsonResponse({ message: RECOVERY_MESSAGES.passwordReset }),
    });
    const { user, router } = renderApp(`/password-setup/${LINK}`, {
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    await fillIn(user, await screen.findByLabelText('New password'), 'Secret-pass1');
    await fillIn(user, screen.getByLabelText('Confirm password'), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByRole('heading', { name: 'Password updated!' })).toBeInTheDocument();
    expect(screen.getByText("You'll have to login using your new password")).toBeInTheDocument();
    expect(sentJson(callsTo(fetchMock, `POST /api/reset-password/${LINK}`)[0])).toEqual({
      password: 'Secret-pass1',
      password_confirmation: 'Secret-pass1',
    });
    expect(router.state.location.pathname).toBe(`/password-setup/${LINK}`);
    for (let step = 0; step < 70; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says why a dead link cannot be used and offers a new one instead of the form', async () => {
    routeFetch({
      [`GET /api/reset-password/${LINK}`]: () => jsonResponse({ message: RECOVERY_MESSAGES.linkInvalid }, 422),
      'POST /api/forgot-password': () => jsonResponse({ message: RECOVERY_MESSAGES.linkSent }),
    });
    const { user } = renderApp(`/password-setup/${LINK}`);
    expect(await screen.findByText(RECOVERY_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});

describe('forgot-password dialog', () => {
  it('waits for an address, shows no format check, then says it is sent and closes', async () => {
    const fetchMock = routeFetch({
      'POST /api/forgot-password': () => jsonResponse({ message: RECOVERY_MESSAGES.linkSent }),
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password?' });
    const send = within(dialog).getByRole('button', { name: 'Send reset link' });
    expect(send).toBeDisabled();

    await fillIn(user, within(dialog).getByLabelText('Email'), 'Not An Email');
    expect(send).toBeEnabled();
    expect(within(dialog).queryByText('Invalid email format')).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Email'));
    await fillIn(user, within(dialog).getByLabelText('Email'), ' Ann@Example.com ');
    await user.click(send);

    // An outcome, so a polite "status" toast (lib/notify.ts).
    const toast = await screen.findByRole('status');
    expect(within(toast).getByText('Success')).toBeInTheDocument();
    expect(within(toast).getByText(RECOVERY_MESSAGES.linkSent)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Forgot password?' })).not.toBeInTheDocument());
    expect(sentJson(callsTo(fetchMock, 'POST /api/forgot-password')[0])).toEqual({ email: 'ann@example.com' });
  });
});
