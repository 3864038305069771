import { ROLE, TWO_FACTOR_MESSAGES, type TwoFactorStatus } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { findToast, jsonResponse, loginResponse, requestsTo, stubApi } from '@/test/fixtures';
import { fillIn, renderApp } from '@/test/render-app';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `abcd-efgh-jkmn-pq${String(index).padStart(2, '2')}`);
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';

const statusOf = (overrides: Partial<TwoFactorStatus> = {}) => ({
  data: { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false, ...overrides },
});
const ON = { enabled: true, enabled_at: '2030-01-01T09:00:00.000Z', recovery_codes_left: 10 };

/** My account with the other panels' requests answered, and two-factor sign-in's as given. */
function stubMyAccount(handlers: Parameters<typeof stubApi>[0]) {
  return stubApi({
    'GET /api/customer/current-session': () => jsonResponse({ data: loginResponse().session_info }),
    'GET /api/customer/sessions': () => jsonResponse({ data: [] }),
    ...handlers,
  });
}

const panel = () => screen.findByRole('region', { name: 'Two-factor sign-in' });

describe('Two-factor sign-in on My account', () => {
  it('turns on with the QR code, the key and a first code, then shows the recovery codes once', async () => {
    let status = statusOf();
    const fetchMock = stubMyAccount({
      'GET /api/customer/two-factor': () => jsonResponse(status),
      'POST /api/customer/two-factor/enrolment': () =>
        jsonResponse({
          message: TWO_FACTOR_MESSAGES.enrolmentStarted,
          data: { secret: SECRET, otpauth_url: `otpauth://totp/x?secret=${SECRET}`, qr_code: QR },
        }),
      'POST /api/customer/two-factor/enrolment/confirm': (_url, init) => {
        if (JSON.parse(String(init?.body)).code !== '123456') {
          return jsonResponse(
            { message: TWO_FACTOR_MESSAGES.codeWrong, errors: { code: [TWO_FACTOR_MESSAGES.codeWrong] } },
            422,
          );
        }
        status = statusOf(ON);
        return jsonResponse({ message: TWO_FACTOR_MESSAGES.enabled, recovery_codes: CODES });
      },
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');

    await user.click(await within(await panel()).findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    expect(
      within(dialog).getByRole('img', { name: 'QR code to add this account to an authenticator app' }),
    ).toHaveAttribute('src', QR);
    const key = within(dialog).getByRole('textbox', { name: 'Key' });
    expect(key).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // The dialog opens on the key, which a phone types in rather than scanning.
    await waitFor(() => expect(key).toHaveFocus());

    const code = within(dialog).getByRole('textbox', { name: '6-digit code from the app' });
    await fillIn(user, code, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/customer/two-factor/enrolment/confirm')).toHaveLength(0);

    await user.clear(code);
    await fillIn(user, code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await fillIn(user, code, '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const saved = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const list = within(saved).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(requestsTo(fetchMock, 'POST /api/customer/two-factor/enrolment/confirm').at(-1)?.body).toEqual({
      code: '123456',
    });
    expect(within(saved).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(within(saved).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(await panel()).findByText('10 of 10 recovery codes left.')).toBeInTheDocument();
    expect(within(await panel()).getByText('On')).toBeInTheDocument();
  });

  it('regenerates the recovery codes for a current code', async () => {
    const fetchMock = stubMyAccount({
      'GET /api/customer/two-factor': () => jsonResponse(statusOf({ ...ON, recovery_codes_left: 3 })),
      'POST /api/customer/two-factor/recovery-codes': () =>
        jsonResponse({ message: TWO_FACTOR_MESSAGES.recoveryCodesRegenerated, recovery_codes: CODES }),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');

    expect(await within(await panel()).findByText('3 of 10 recovery codes left.')).toBeInTheDocument();
    await user.click(within(await panel()).getByRole('button', { name: 'Regenerate recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate recovery codes' });
    await fillIn(
      user,
      within(dialog).getByRole('textbox', { name: '6-digit code from your authenticator app' }),
      '000111',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    const codes = await screen.findByRole('dialog', { name: 'Your new recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(requestsTo(fetchMock, 'POST /api/customer/two-factor/recovery-codes')[0]?.body).toEqual({ code: '000111' });
  });

  it('turns off with the password and a recovery code, saying what was wrong first', async () => {
    let status = statusOf(ON);
    const fetchMock = stubMyAccount({
      'GET /api/customer/two-factor': () => jsonResponse(status),
      'POST /api/customer/two-factor/disable': (_url, init) => {
        if (JSON.parse(String(init?.body)).password !== 'Right-pass1') {
          const wrong = 'The current password is incorrect';
          return jsonResponse({ message: wrong, errors: { password: [wrong] } }, 422);
        }
        status = statusOf();
        return jsonResponse({ message: TWO_FACTOR_MESSAGES.disabled });
      },
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');

    await user.click(await within(await panel()).findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = within(dialog).getByRole('textbox', { name: /^Recovery code/ });
    await waitFor(() => expect(recovery).toHaveFocus());
    await fillIn(user, recovery, 'ABCD EFGH JKMN PQ22');
    await fillIn(user, within(dialog).getByLabelText('Password'), 'Wrong-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('The current password is incorrect')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Password'));
    await fillIn(user, within(dialog).getByLabelText('Password'), 'Right-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await findToast('Two-factor sign-in')).toHaveTextContent(TWO_FACTOR_MESSAGES.disabled);
    expect(requestsTo(fetchMock, 'POST /api/customer/two-factor/disable').at(-1)?.body).toEqual({
      password: 'Right-pass1',
      recovery_code: 'abcdefghjkmnpq22',
    });
    expect(await within(await panel()).findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('offers no Turn off to an administrator the portal requires it of', async () => {
    stubMyAccount({
      'GET /api/customer/two-factor': () => jsonResponse(statusOf({ ...ON, required: true })),
    });
    sessionStore.signIn(loginResponse({ role_id: ROLE.admin }));
    renderApp('/admin/my-account');
    expect(await within(await panel()).findByText(TWO_FACTOR_MESSAGES.requiredForAdmins)).toBeInTheDocument();
    expect(within(await panel()).queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(within(await panel()).getByRole('button', { name: 'Regenerate recovery codes' })).toBeInTheDocument();
  });
});
