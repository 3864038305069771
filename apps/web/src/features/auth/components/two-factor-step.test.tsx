import { ROLE, TWO_FACTOR_MESSAGES, type SignInChallenge } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, loginResponse, requestsTo, stubApi } from '@/test/fixtures';
import { fillIn, renderApp } from '@/test/render-app';

const challengeOf = (challenge: SignInChallenge['challenge']): SignInChallenge => ({
  message: challenge === 'code' ? TWO_FACTOR_MESSAGES.codeNeeded : TWO_FACTOR_MESSAGES.enrolmentNeeded,
  challenge,
  challenge_token: `challenge-${challenge}`,
  expires_at: '2030-01-01T00:05:00.000Z',
});

async function enterPassword(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back!' });
  await fillIn(user, screen.getByLabelText('Email'), 'ann@example.com');
  await fillIn(user, screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Log into account' }));
}

const codeField = () => screen.getByRole('textbox', { name: '6-digit code' });

describe('the second step of a login with two-factor sign-in', () => {
  it('asks for the code after the password, says a wrong one under the field, and signs in with the right one', async () => {
    const fetchMock = stubApi({
      'POST /api/login': () => jsonResponse(challengeOf('code')),
      'POST /api/login/two-factor': (_url, init) =>
        JSON.parse(String(init?.body)).code === '123456'
          ? jsonResponse(loginResponse({ token: 'token-2fa' }))
          : jsonResponse({ message: TWO_FACTOR_MESSAGES.codeWrong }, 401),
    });
    const { user, router } = renderApp('/');
    await enterPassword(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    // No session yet: the password alone does not sign in.
    expect(window.localStorage.getItem('authToken')).toBeNull();
    await waitFor(() => expect(codeField()).toHaveFocus());

    await fillIn(user, codeField(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeInTheDocument();
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');

    await fillIn(user, codeField(), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem('authToken')).toBe('token-2fa');
    expect(requestsTo(fetchMock, 'POST /api/login/two-factor').map((request) => request.body)).toEqual([
      { challenge_token: 'challenge-code', code: '654321' },
      { challenge_token: 'challenge-code', code: '123456' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const fetchMock = stubApi({
      'POST /api/login': () => jsonResponse(challengeOf('code')),
      'POST /api/login/two-factor': () => jsonResponse(loginResponse()),
    });
    const { user, router } = renderApp('/');
    await enterPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByRole('textbox', { name: /^Recovery code/ });
    await waitFor(() => expect(field).toHaveFocus());
    await fillIn(user, field, 'abcd-EFGH-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requestsTo(fetchMock, 'POST /api/login/two-factor')[0]?.body).toEqual({
      challenge_token: 'challenge-code',
      recovery_code: 'abcdefghjkmnpqrs',
    });
  });

  it('goes back to the password with the message when the challenge ends', async () => {
    stubApi({
      'POST /api/login': () => jsonResponse(challengeOf('code')),
      'POST /api/login/two-factor': () => jsonResponse({ message: TWO_FACTOR_MESSAGES.tooManyWrongCodes }, 403),
    });
    const { user } = renderApp('/');
    await enterPassword(user);
    await fillIn(user, await screen.findByRole('textbox', { name: '6-digit code' }), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.tooManyWrongCodes);
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('has an administrator who must use it set it up, save the recovery codes and then sign in', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `wxyz-wxyz-wxyz-wx${index + 2}${index + 2}`);
    const fetchMock = stubApi({
      'POST /api/login': () => jsonResponse(challengeOf('enrolment')),
      'POST /api/login/two-factor/enrolment': () =>
        jsonResponse({
          message: TWO_FACTOR_MESSAGES.enrolmentStarted,
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/x',
            qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        }),
      'POST /api/login/two-factor/enrolment/confirm': () =>
        jsonResponse({ ...loginResponse({ role_id: ROLE.admin, token: 'admin-token' }), recovery_codes: codes }),
    });
    const { user, router } = renderApp('/admin/login');
    await enterPassword(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_MESSAGES.enrolmentNeeded)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up my authenticator app' }));
    expect(
      await screen.findByRole('img', { name: 'QR code to add this account to an authenticator app' }),
    ).toBeInTheDocument();
    await fillIn(user, screen.getByRole('textbox', { name: '6-digit code from the app' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
    // The session waits for the codes to be saved.
    expect(window.localStorage.getItem('authToken')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(window.localStorage.getItem('authToken')).toBe('admin-token');
    expect(requestsTo(fetchMock, 'POST /api/login/two-factor/enrolment/confirm')[0]?.body).toEqual({
      challenge_token: 'challenge-enrolment',
      code: '246810',
    });
  });
});
