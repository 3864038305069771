import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  EMPTY_CARD_FORM,
  formatCardNumberInput,
  formatExpiryInput,
  type CardField,
  type CardFormErrors,
  type CardFormValues,
} from '../utils/card-form';

/**
 * What is typed into the card fields and their messages; typing into a field clears its message.
 * `fields` goes to SandboxCardFields as it is.
 */
export function useCardFields() {
  const [values, setValues] = useState<CardFormValues>(EMPTY_CARD_FORM);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const onChange = (field: CardField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  return { values, setErrors, fields: { values, errors, onChange } };
}

/**
 * The sandbox's card fields (docs/product/payments.md, Payment provider): "Card number",
 * "Expiry date" (MM/YY) and "CVC", each with its message under it. Used to save a card and
 * to pay with a new one.
 */
export function SandboxCardFields({
  values,
  errors,
  onChange,
}: {
  values: CardFormValues;
  errors: CardFormErrors;
  onChange: (field: CardField, value: string) => void;
}) {
  return (
    <>
      <TextInput
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        value={values.card_number}
        error={errors.card_number}
        onChange={(event) => onChange('card_number', formatCardNumberInput(event.currentTarget.value))}
      />
      <Group grow align="flex-start" gap="md">
        <TextInput
          label="Expiry date"
          placeholder="MM/YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
          value={values.expiry}
          error={errors.expiry}
          onChange={(event) => onChange('expiry', formatExpiryInput(event.currentTarget.value))}
        />
        <TextInput
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={values.cvc}
          error={errors.cvc}
          onChange={(event) => onChange('cvc', event.currentTarget.value)}
        />
      </Group>
    </>
  );
}
