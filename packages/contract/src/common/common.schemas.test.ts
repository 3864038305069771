import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema, MAX_ID, textField } from './common.schemas';

describe('idSchema', () => {
  const id = idSchema('Not an id', 'No id');

  it('takes whole numbers from 1 to the largest integer column value, as numbers or digits', () => {
    for (const value of [1, '42', ' 7 ', MAX_ID, String(MAX_ID)]) expect(id.parse(value)).toBe(Number(value));
  });

  it('refuses anything else, a number beyond the column type included', () => {
    for (const value of [
      0,
      -1,
      1.5,
      MAX_ID + 1,
      '2147483648',
      2 ** 53,
      1e308,
      '1e3',
      'abc',
      '\u0000',
      null,
      [],
      {},
      true,
    ]) {
      expect(id.safeParse(value).error?.issues[0]?.message, JSON.stringify(value)).toBe('Not an id');
    }
  });

  it('says when it is missing', () => {
    expect(id.safeParse(undefined).error?.issues[0]?.message).toBe('No id');
    expect(id.safeParse('').error?.issues[0]?.message).toBe('No id');
  });
});

describe('textField', () => {
  const field = textField('The key', 'The key is required', z.string().max(10));

  it('refuses control characters but keeps tabs and line breaks', () => {
    expect(field.safeParse('a\u0000b').error?.issues[0]?.message).toBe('The key must not contain control characters');
    expect(field.safeParse('\u001b[31m').success).toBe(false);
    expect(field.parse('a\tb\r\nc')).toBe('a\tb\r\nc');
  });
});
