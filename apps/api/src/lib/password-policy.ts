import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES } from '@portal/contract';
import { fieldError } from './http-errors';

// The ~50,000 most common passwords of the zxcvbn project, compared without case.
const COMMON_PASSWORDS = new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));

/** Characters people put in place of letters; 1 stands for i and for l. */
const SUBSTITUTES: Record<string, string[]> = { '@': ['a'], '0': ['o'], '1': ['i', 'l'], $: ['s'], '3': ['e'] };

/** Digits and symbols added at either end: "Password123!", "!Welcome1". */
const PADDING = /^[^\p{L}]+|[^\p{L}]+$/gu;

/** Every reading of `word` with its substitutes put back (a handful: at most 2^(number of 1s)). */
function readings(word: string): string[] {
  let results = [''];
  for (const character of word) {
    const options = SUBSTITUTES[character] ?? [character];
    results = results.flatMap((prefix) => options.map((option) => prefix + option));
    // A word full of 1s is not a disguised word; stop before the readings multiply.
    if (results.length > 64) return [word];
  }
  return results;
}

/**
 * docs/decisions/009-passwords-links-and-codes.md, common passwords: a password is refused when it, or what is
 * left of it without digits and symbols at its ends, is on the list, whatever its case and with
 * the usual substitutions undone (@ a, 0 o, 1 i or l, $ s, 3 e). "P@ssw0rd1!" is "password".
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const candidates = new Set([lower, lower.replace(PADDING, '')]);
  for (const candidate of [...candidates]) {
    for (const reading of readings(candidate)) {
      candidates.add(reading);
      candidates.add(reading.replace(PADDING, ''));
    }
  }
  for (const candidate of candidates) if (candidate.length > 0 && COMMON_PASSWORDS.has(candidate)) return true;
  return false;
}

/** The 422 for a common password, on the field that holds it. */
export const commonPasswordError = (field: string) => fieldError(422, field, PASSWORD_MESSAGES.tooCommon);
