import { z } from 'zod';
import { textField } from '../common/common.schemas';

/** Messages of a name field ("First name", "Last name"), docs/product/accounts.md, My account. */
export const nameMessages = (label: 'First name' | 'Last name') => ({
  required: `${label} is required`,
  lettersOnly: `${label} must contain only letters`,
  tooShort: `${label} must be at least 2 characters`,
  tooLong: `${label} cannot exceed 15 characters`,
});

/** A first or last name: 2 to 15 letters (any alphabet). */
export const nameSchema = (label: 'First name' | 'Last name') => {
  const messages = nameMessages(label);
  return textField(
    label,
    messages.required,
    z
      .string()
      .trim()
      .min(1, { error: messages.required, abort: true })
      .regex(/^\p{L}+$/u, { error: messages.lettersOnly, abort: true })
      .min(2, { error: messages.tooShort })
      .max(15, { error: messages.tooLong }),
  );
};

export const personalNamesSchema = z.object({
  first_name: nameSchema('First name'),
  last_name: nameSchema('Last name'),
});
export type PersonalNames = z.input<typeof personalNamesSchema>;
