import { describe, expect, it } from 'vitest';
import { formBooleanSchema } from '../common/common.schemas';
import { AUTH_MESSAGES, loginRequestSchema } from './auth.schemas';

const messages = (input: unknown) =>
  loginRequestSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('loginRequestSchema', () => {
  it('lower-cases and trims the e-mail, keeps the password as typed', () => {
    expect(loginRequestSchema.parse({ email: ' Ada@Example.COM ', password: ' secret ' })).toEqual({
      email: 'ada@example.com',
      password: ' secret ',
      remember: false,
    });
  });

  it('gives one message per field, in the documented words', () => {
    expect(messages({})).toEqual([
      `email: ${AUTH_MESSAGES.emailRequired}`,
      `password: ${AUTH_MESSAGES.passwordRequired}`,
    ]);
    expect(messages({ email: '  ', password: '' })).toEqual([
      `email: ${AUTH_MESSAGES.emailRequired}`,
      `password: ${AUTH_MESSAGES.passwordRequired}`,
    ]);
    expect(messages({ email: 'ada@', password: '12345' })).toEqual([
      `email: ${AUTH_MESSAGES.emailInvalid}`,
      `password: ${AUTH_MESSAGES.loginPasswordTooShort}`,
    ]);
    expect(messages({ email: 7, password: { a: 1 } })).toEqual([
      'email: Email must be text',
      'password: Password must be text',
    ]);
  });
});

describe('formBooleanSchema', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['on', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['off', false],
    [' On ', true],
    ['', false],
  ])('reads %o as %o', (input, expected) => {
    expect(formBooleanSchema.parse(input)).toBe(expected);
  });

  it.each(['maybe', 'yes please', '2', 'null'])('refuses %o rather than reading it as false', (input) => {
    const result = formBooleanSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Must be true or false');
  });
});
