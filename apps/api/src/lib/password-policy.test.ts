import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './password-policy';

describe('isCommonPassword', () => {
  it.each(['password', 'Password', 'QWERTY123'])('refuses a list entry as it is, in any case: %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Password1!', 'Password123!', 'Qwerty123!', 'Welcome1!', '!!Welcome2024', '2024dragon#'])(
    'refuses a list entry with digits or symbols added at either end: %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['P@ssw0rd', 'P@$$w0rd!', 'W3lc0me1!', 'Sunsh1ne99', 'Footba11!'])(
    'refuses a list entry with the usual substitutions: %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Correct-horse1', 'Sunny-Day-42', 'Brand-New-77', 'Tr0ub4dor&3x', '11111111Aa!zq'])(
    'accepts a password that is not a disguised list entry: %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
