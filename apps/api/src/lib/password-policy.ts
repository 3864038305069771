import { dictionary } from '@zxcvbn-ts/language-common';

// The ~50,000 most common passwords of the zxcvbn project, compared without case.
const COMMON_PASSWORDS = new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));

/** DECISIONS.md: a password on the common-password list is refused ("This password is too common"). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
