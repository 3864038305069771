import { ACCOUNT_MESSAGES, ROLE } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import {
  callsTo,
  jsonResponse,
  loginResponse,
  routeFetch,
  sentJson,
  individualBilling,
  findToast,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const session = () =>
  jsonResponse({
    data: { ...loginResponse().session_info, created_at: '2030-01-01T00:00:00Z', expires_at: '2030-01-02T00:00:00Z' },
  });

describe('My account profile', () => {
  it('shows the account type, "Admin" when there is none', async () => {
    routeFetch({ 'GET /api/customer/current-session': session });
    sessionStore.signIn(loginResponse({ role_id: ROLE.admin }));
    renderApp('/admin/my-account');
    expect(await screen.findByTestId('account-type')).toHaveTextContent('Admin');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    // Administrators are not billed.
    expect(screen.queryByRole('button', { name: 'Billing details' })).not.toBeInTheDocument();
  });

  it('saves the name and shows it at once', async () => {
    const fetchMock = routeFetch({
      'GET /api/customer/current-session': session,
      'POST /api/customer/update-personal-info': () =>
        jsonResponse({ message: ACCOUNT_MESSAGES.nameUpdated, data: { first_name: 'Anna', last_name: 'Lee' } }),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    const firstName = await screen.findByLabelText('First name');
    expect(firstName).toHaveValue('Ann');
    await user.clear(firstName);
    await user.type(firstName, 'Anna');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    const shown = await findToast('Name Updated');
    expect(within(shown).getByText(ACCOUNT_MESSAGES.nameUpdated)).toBeInTheDocument();
    expect(sentJson(callsTo(fetchMock, 'POST /api/customer/update-personal-info')[0])).toEqual({
      first_name: 'Anna',
      last_name: 'Lee',
    });
    expect(sessionStore.getState().personalInfo?.firstName).toBe('Anna');
  });

  it('lists a 422 as "field: messages" lines under "Validation Error"', async () => {
    routeFetch({
      'GET /api/customer/current-session': session,
      'POST /api/customer/update-personal-info': () =>
        jsonResponse(
          {
            message: 'The given data was invalid',
            errors: { first_name: ['First name is taken'], last_name: ['Last name is odd', 'Too short'] },
          },
          422,
        ),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    await user.click(await screen.findByRole('button', { name: 'Save name' }));
    const shown = await findToast('Validation Error');
    expect(
      within(shown).getByText(
        (_, element) =>
          element?.textContent === 'first_name: First name is taken\nlast_name: Last name is odd, Too short',
      ),
    ).toBeInTheDocument();
  });

  it('says "Failed to update name" on any other failure', async () => {
    routeFetch({
      'GET /api/customer/current-session': session,
      'POST /api/customer/update-personal-info': () => jsonResponse({ message: 'Service unavailable' }, 503),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    await user.click(await screen.findByRole('button', { name: 'Save name' }));
    expect(within(await findToast('Failed to update name')).getByText('Service unavailable')).toBeInTheDocument();
  });

  it('uploads a new picture and shows it from the storage base', async () => {
    const fetchMock = routeFetch({
      'GET /api/customer/current-session': session,
      'POST /api/customer/upload-logo': () =>
        jsonResponse({ message: ACCOUNT_MESSAGES.logoUpdated, logo: 'logos/new.png' }),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    await screen.findByRole('button', { name: 'Change profile picture' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    await findToast('Profile picture updated');
    const sent = callsTo(fetchMock, 'POST /api/customer/upload-logo')[0]?.[1]?.body as FormData;
    expect((sent.get('logo') as File).name).toBe('me.png');
    await waitFor(() =>
      expect(screen.getByAltText('Your profile picture')).toHaveAttribute('src', '/api/files/logos/new.png'),
    );
  });

  it('refuses a file that is not an image before sending it', async () => {
    const fetchMock = routeFetch({ 'GET /api/customer/current-session': session });
    sessionStore.signIn(loginResponse());
    renderApp('/my-account', { userEventOptions: { applyAccept: false } });
    await screen.findByRole('button', { name: 'Change profile picture' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    // A file picker's "All files" choice gets past the accept list; the check must not rely on it.
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(
      within(await findToast('Failed to update profile picture')).getByText(ACCOUNT_MESSAGES.logoNotImage),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/customer/upload-logo')).toHaveLength(0);
  });

  it('edits the billing details in EDIT_BILLING and keeps the answer', async () => {
    const fetchMock = routeFetch({
      'GET /api/customer/current-session': session,
      'POST /api/customer/update-billing-info': () =>
        jsonResponse({
          message: ACCOUNT_MESSAGES.billingUpdated,
          billing_detail: individualBilling(7),
        }),
    });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');
    await user.click(await screen.findByRole('button', { name: 'Billing details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing details' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Individual' }, { timeout: 10_000 }));
    for (const [label, value] of [
      ['Address', '1 Main Street'],
      ['City', 'Springfield'],
      ['State', 'Oregon'],
      ['Postal code', '97403'],
    ] as const) {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save billing details' }));
    await findToast('Updated');
    expect(sentJson(callsTo(fetchMock, 'POST /api/customer/update-billing-info')[0])).toMatchObject({
      type: 'individual',
      country: 'us',
    });
    expect(sessionStore.getState().billingInfo?.accountType).toBe('individual');
    expect(await screen.findByTestId('account-type')).toHaveTextContent('individual');
  }, 20_000);
});
