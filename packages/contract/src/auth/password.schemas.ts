import { z } from 'zod';
import { textField } from '../common/common.schemas';

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters',
  tooLong: 'Password cannot exceed 32 characters',
  uppercase: 'Must contain at least one uppercase letter',
  lowercase: 'Must contain at least one lowercase letter',
  number: 'Must contain at least one number',
  special: 'Must contain at least one special character',
  tooCommon: 'This password is too common',
  mismatch: 'Password does not match',
  confirmationRequired: 'Confirm Password is required',
  currentRequired: 'Current Password is required',
  newRequired: 'New Password is required',
} as const;

const LENGTH = { min: 8, max: 32 } as const;

/** What a new password must contain; the schema checks them in this order. */
const CHARACTER_RULES = {
  uppercase: { label: 'Uppercase', message: PASSWORD_MESSAGES.uppercase, pattern: /\p{Lu}/u },
  lowercase: { label: 'Lowercase', message: PASSWORD_MESSAGES.lowercase, pattern: /\p{Ll}/u },
  number: { label: 'Number', message: PASSWORD_MESSAGES.number, pattern: /\p{Nd}/u },
  special: { label: 'Symbol', message: PASSWORD_MESSAGES.special, pattern: /[^\p{L}\p{Nd}]/u },
} as const;

const characterRule = ({ label, message, pattern }: (typeof CHARACTER_RULES)[keyof typeof CHARACTER_RULES]) => ({
  label,
  message,
  test: (value: string) => pattern.test(value),
});

/**
 * The rules of a new password (signup, reset, change) as the live checklist shows them, in its
 * order. "Special" is any character that is neither a letter nor a digit (docs/product/accounts.md, Passwords).
 */
export const PASSWORD_RULES = [
  {
    label: `${LENGTH.min}-${LENGTH.max} letters`,
    message: PASSWORD_MESSAGES.tooShort,
    test: (value: string) => value.length >= LENGTH.min && value.length <= LENGTH.max,
  },
  characterRule(CHARACTER_RULES.number),
  characterRule(CHARACTER_RULES.uppercase),
  characterRule(CHARACTER_RULES.lowercase),
  characterRule(CHARACTER_RULES.special),
] as const;

/** A new password, with `requiredMessage` for the field's own "is required" wording. */
export const newPasswordSchema = (requiredMessage: string = PASSWORD_MESSAGES.required) =>
  textField(
    'Password',
    requiredMessage,
    Object.values(CHARACTER_RULES).reduce(
      (schema, rule) => schema.regex(rule.pattern, { error: rule.message }),
      z
        .string()
        .min(1, { error: requiredMessage, abort: true })
        .min(LENGTH.min, { error: PASSWORD_MESSAGES.tooShort, abort: true })
        .max(LENGTH.max, { error: PASSWORD_MESSAGES.tooLong, abort: true }),
    ),
  );

/** The confirmation field: required, and checked against the password by `withPasswordConfirmation`. */
export const passwordConfirmationSchema = textField(
  'Password confirmation',
  PASSWORD_MESSAGES.confirmationRequired,
  z.string().min(1, { error: PASSWORD_MESSAGES.confirmationRequired }),
);

/**
 * An object with a password and its confirmation: when both are given and differ, the
 * confirmation field gets "Password does not match". Used by sign-up, reset and change.
 */
export const withPasswordConfirmation = <T extends z.ZodRawShape>(
  shape: T,
  password: keyof T & string,
  confirmation: keyof T & string,
) =>
  z.object(shape).superRefine((values, context) => {
    const record = values as Record<string, unknown>;
    if (
      record[password] !== undefined &&
      record[confirmation] !== undefined &&
      record[password] !== record[confirmation]
    ) {
      context.addIssue({ code: 'custom', path: [confirmation], message: PASSWORD_MESSAGES.mismatch });
    }
  });
