import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { billingDetailsSchema, type AccountType, type BillingDetailsValues } from '@portal/contract';
import { useId } from 'react';
import { serverFieldErrors } from '@/lib/form-errors';
import { billingFormValues, type BillingFormValues } from './billing-form-values';
import { countryOptions, currencyOptions } from './billing-options';
import { FlagIcon } from './flag-icon';

const ACCOUNT_TYPE_OPTIONS = [
  { value: 'company', label: 'Company' },
  { value: 'individual', label: 'Individual' },
];

interface BillingFormProps {
  initialValues?: BillingFormValues;
  submitLabel: string;
  loading?: boolean;
  /** Gets the contract's parsed values; a rejected 422 puts the server's messages on the fields. */
  onSubmit: (values: BillingDetailsValues) => Promise<unknown>;
  /** Extra controls beside the submit button (a dialog's Cancel). */
  secondaryAction?: React.ReactNode;
}

/**
 * Mantine keeps a closed dropdown's options in the page (hidden) by default: for 250 countries
 * with their flags and 150 currencies, every keystroke in the form would re-render them all.
 * They are rendered only while the list is open.
 */
const OPTIONS_WHEN_OPEN = { keepMounted: false } as const;

type BillingFormState = UseFormReturnType<BillingFormValues>;

/** Company or Individual, as a segmented control named by its caption. */
function AccountTypeField({ form }: { form: BillingFormState }) {
  const typeLabelId = useId();
  return (
    <Stack gap={4}>
      <Text id={typeLabelId} component="span" size="sm" fw={500}>
        Account type
      </Text>
      <SegmentedControl
        aria-labelledby={typeLabelId}
        data={ACCOUNT_TYPE_OPTIONS}
        fullWidth
        value={form.values.type}
        onChange={(type) => {
          form.setFieldValue('type', type as AccountType);
          // The business fields leave with the company type, and so do their messages.
          form.clearFieldError('business_name');
          form.clearFieldError('tax_id');
          form.clearFieldError('currency');
        }}
      />
    </Stack>
  );
}

/** The country list with each country's flag, in the field and beside each option. */
function CountrySelect({ form }: { form: BillingFormState }) {
  // Cached like the currencies: built once per page load, not per render.
  const countries = countryOptions();
  return (
    <Select
      label="Country"
      data={countries}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No country matches"
      comboboxProps={OPTIONS_WHEN_OPEN}
      leftSection={<FlagIcon code={form.values.country} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <FlagIcon code={option.value} />
          {option.label}
        </Group>
      )}
      {...form.getInputProps('country')}
      onChange={(value) => form.setFieldValue('country', value ?? '')}
    />
  );
}

/**
 * The billing details form of sign-up and of EDIT_BILLING. It validates with the contract's
 * schema, the one the server uses, so the messages are the same on both sides; business name,
 * tax ID and currency exist for companies only.
 */
export function BillingForm({ initialValues, submitLabel, loading, onSubmit, secondaryAction }: BillingFormProps) {
  const form = useForm<BillingFormValues>({
    initialValues: initialValues ?? billingFormValues(),
    validate: schemaResolver(billingDetailsSchema, { sync: true }),
  });
  // Built once per page load (the lists are cached), not per render.
  const currencies = currencyOptions();
  const isCompany = form.values.type === 'company';

  const submit = form.onSubmit((values) => {
    if (loading) return;
    onSubmit(billingDetailsSchema.parse(values)).catch((error: unknown) => {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) form.setErrors(fieldErrors);
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AccountTypeField form={form} />

        {isCompany && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Business name" autoComplete="organization" {...form.getInputProps('business_name')} />
            <TextInput label="Tax ID" autoComplete="off" {...form.getInputProps('tax_id')} />
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, sm: isCompany ? 2 : 1 }} spacing="md">
          <CountrySelect form={form} />
          {isCompany && (
            <Select
              label="Currency"
              data={currencies}
              searchable
              allowDeselect={false}
              nothingFoundMessage="No currency matches"
              comboboxProps={OPTIONS_WHEN_OPEN}
              {...form.getInputProps('currency')}
              onChange={(value) => form.setFieldValue('currency', value ?? '')}
            />
          )}
        </SimpleGrid>

        <TextInput label="Address" autoComplete="address-line1" {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
          <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('state')} />
          <TextInput
            label="Postal code"
            autoComplete="postal-code"
            inputMode="numeric"
            {...form.getInputProps('postal_code')}
          />
        </SimpleGrid>

        <Group justify="flex-end" gap="sm">
          {secondaryAction}
          <Button type="submit" loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
