import { BILLING_MESSAGES, type BillingDetailsValues } from '@portal/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { AppProviders } from '@/app/providers';
import { ApiError } from '@/lib/api-error';
import { BillingForm } from './billing-form';
import { billingFormValues, type BillingFormValues } from './billing-form-values';

type SubmitMock = Mock<(values: BillingDetailsValues) => Promise<unknown>>;

function setup(onSubmit: SubmitMock = vi.fn().mockResolvedValue(undefined), initialValues?: BillingFormValues) {
  const user = userEvent.setup();
  render(
    <AppProviders env="test">
      <BillingForm submitLabel="Save billing details" onSubmit={onSubmit} initialValues={initialValues} />
    </AppProviders>,
  );
  return { user, onSubmit };
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save billing details' }));

/** Pasting rather than typing: these tests are about the form's checks, not the keyboard. */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function fillCommon(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, 'Address', '1 Main Street');
  await fill(user, 'City', 'Springfield');
  await fill(user, 'State', 'Oregon');
  await fill(user, 'Postal code', '97403');
}

// The flag components are many small modules: the first render imports them all.
describe('BillingForm', { timeout: 20_000 }, () => {
  it('starts as a company in the United States paying in US dollars (the documented defaults)', () => {
    setup();
    expect(screen.getByRole('radio', { name: 'Company' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD – US Dollar');
    expect(screen.getByLabelText('Business name')).toBeInTheDocument();
    expect(screen.getByLabelText('Tax ID')).toBeInTheDocument();
  });

  it('asks a company for every field, with the contract messages', async () => {
    const { user, onSubmit } = setup();
    await submit(user);
    for (const message of [
      BILLING_MESSAGES.businessNameRequired,
      BILLING_MESSAGES.taxIdRequired,
      BILLING_MESSAGES.addressRequired,
      BILLING_MESSAGES.cityRequired,
      BILLING_MESSAGES.stateRequired,
      BILLING_MESSAGES.postalCodeRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks lengths, letters and digits', async () => {
    const { user } = setup();
    await fill(user, 'Business name', 'AB');
    await fill(user, 'Address', 'Main');
    await fill(user, 'City', 'C1ty');
    await fill(user, 'State', 'St4te');
    await fill(user, 'Postal code', '123');
    await submit(user);
    expect(await screen.findByText(BILLING_MESSAGES.businessNameTooShort)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.addressTooShort)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.cityLettersOnly)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.stateLettersOnly)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.postalCodeDigits)).toBeInTheDocument();
  });

  it('sends a company with its business fields, codes in lower case', async () => {
    const { user, onSubmit } = setup();
    await fill(user, 'Business name', 'Acme Ads');
    await fill(user, 'Tax ID', 'US-123');
    await fillCommon(user);
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      type: 'company',
      business_name: 'Acme Ads',
      tax_id: 'US-123',
      currency: 'usd',
      country: 'us',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'Oregon',
      postal_code: '97403',
    });
  });

  it('has no business fields for an individual, and sends none', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    expect(screen.queryByLabelText('Business name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Tax ID')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    await fillCommon(user);
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      type: 'individual',
      country: 'us',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'Oregon',
      postal_code: '97403',
    });
  });

  it('starts from stored details', () => {
    setup(
      undefined,
      billingFormValues({
        type: 'individual',
        country: 'de',
        address: 'Unter den Linden 1',
        city: 'Berlin',
        state: 'Berlin',
        postal_code: '10117',
        currency: null,
      }),
    );
    expect(screen.getByRole('radio', { name: 'Individual' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
    expect(screen.getByLabelText('Address')).toHaveValue('Unter den Linden 1');
  });

  it("puts the server's 422 messages on their fields", async () => {
    const onSubmit: SubmitMock = vi
      .fn()
      .mockRejectedValue(
        new ApiError({ status: 422, message: 'The given data was invalid', errors: { tax_id: ['Tax ID is invalid'] } }),
      );
    const { user } = setup(onSubmit);
    await fill(user, 'Business name', 'Acme Ads');
    await fill(user, 'Tax ID', 'US-123');
    await fillCommon(user);
    await submit(user);
    expect(await screen.findByText('Tax ID is invalid')).toBeInTheDocument();
    expect(screen.getByLabelText('Tax ID')).toHaveAttribute('aria-invalid', 'true');
  });
});
