import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  recoveryCodeSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorCodeSchema,
  verifySignInRequestSchema,
} from './two-factor.schemas';

const messages = (input: unknown) =>
  verifySignInRequestSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the codes of two-factor sign-in', () => {
  it('takes six digits, with the spaces some apps show between them', () => {
    expect(twoFactorCodeSchema.parse('123456')).toBe('123456');
    expect(twoFactorCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(twoFactorCodeSchema.safeParse('').error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    for (const wrong of ['12345', '1234567', '12345a', '１２３４５６']) {
      expect(twoFactorCodeSchema.safeParse(wrong).error?.issues[0]?.message, wrong).toBe(
        TWO_FACTOR_MESSAGES.codeFormat,
      );
    }
  });

  it('reads a recovery code in any case, with or without hyphens and spaces', () => {
    expect(recoveryCodeSchema.parse('ABCD-EFGH-JKMN-PQRS')).toBe('abcdefghjkmnpqrs');
    expect(recoveryCodeSchema.parse(' abcd efgh jkmn pqrs ')).toBe('abcdefghjkmnpqrs');
    expect(formatRecoveryCode('abcdefghjkmnpqrs')).toBe('abcd-efgh-jkmn-pqrs');
    expect(recoveryCodeSchema.safeParse('abcd-efgh').error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.recoveryCodeFormat,
    );
    expect(recoveryCodeSchema.safeParse('x'.repeat(500)).error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.recoveryCodeFormat,
    );
  });

  it('asks for exactly one of the code and a recovery code', () => {
    expect(messages({ challenge_token: 't' })).toEqual([`code: ${TWO_FACTOR_MESSAGES.codeRequired}`]);
    expect(messages({ challenge_token: 't', code: '123456', recovery_code: 'abcd-efgh-jkmn-pqrs' })).toEqual([
      `recovery_code: ${TWO_FACTOR_MESSAGES.codeOrRecoveryCode}`,
    ]);
    expect(verifySignInRequestSchema.parse({ challenge_token: 't', recovery_code: 'ABCD EFGH JKMN PQRS' })).toEqual({
      challenge_token: 't',
      recovery_code: 'abcdefghjkmnpqrs',
    });
  });
});
