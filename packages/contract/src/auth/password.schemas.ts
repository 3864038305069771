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

/**
 * The rules of a new password (signup, reset, change), each with the test the live checklist
 * shows. "Special" is any character that is neither a letter nor a digit (docs/product/accounts.md, Passwords).
 */
export const PASSWORD_RULES = [
  {
    label: '8-32 letters',
    message: PASSWORD_MESSAGES.tooShort,
    test: (value: string) => value.length >= 8 && value.length <= 32,
  },
  { label: 'Number', message: PASSWORD_MESSAGES.number, test: (value: string) => /\p{Nd}/u.test(value) },
  { label: 'Uppercase', message: PASSWORD_MESSAGES.uppercase, test: (value: string) => /\p{Lu}/u.test(value) },
  { label: 'Lowercase', message: PASSWORD_MESSAGES.lowercase, test: (value: string) => /\p{Ll}/u.test(value) },
  { label: 'Symbol', message: PASSWORD_MESSAGES.special, test: (value: string) => /[^\p{L}\p{Nd}]/u.test(value) },
] as const;

/** A new password, with `requiredMessage` for the field's own "is required" wording. */
export const newPasswordSchema = (requiredMessage: string = PASSWORD_MESSAGES.required) =>
  textField(
    'Password',
    requiredMessage,
    z
      .string()
      .min(1, { error: requiredMessage, abort: true })
      .min(8, { error: PASSWORD_MESSAGES.tooShort, abort: true })
      .max(32, { error: PASSWORD_MESSAGES.tooLong, abort: true })
      .regex(/\p{Lu}/u, { error: PASSWORD_MESSAGES.uppercase })
      .regex(/\p{Ll}/u, { error: PASSWORD_MESSAGES.lowercase })
      .regex(/\p{Nd}/u, { error: PASSWORD_MESSAGES.number })
      .regex(/[^\p{L}\p{Nd}]/u, { error: PASSWORD_MESSAGES.special }),
  );

/** The confirmation field: required, and checked against the password by the object schema. */
export const passwordConfirmationSchema = textField(
  'Password confirmation',
  PASSWORD_MESSAGES.confirmationRequired,
  z.string().min(1, { error: PASSWORD_MESSAGES.confirmationRequired }),
);
