import { createHash, randomInt } from 'node:crypto';
import { formatRecoveryCode, TWO_FACTOR_RULES } from '@portal/contract';

/** Lower-case letters and digits without those read alike (0 o, 1 l i): 31 symbols, about 79 bits a code. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const newRecoveryCode = () =>
  Array.from({ length: TWO_FACTOR_RULES.recoveryCodeLength }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * A new set of recovery codes: the codes as shown to the user (`abcd-efgh-jkmn-pqrs`), and the
 * hashes that alone are stored.
 */
export function newRecoveryCodes(userId: number): { shown: string[]; hashes: string[] } {
  const codes = Array.from({ length: TWO_FACTOR_RULES.recoveryCodeCount }, newRecoveryCode);
  return { shown: codes.map(formatRecoveryCode), hashes: codes.map((code) => hashRecoveryCode(userId, code)) };
}

/**
 * A recovery code's SHA-256, of the user id and the code as the contract's schema leaves it
 * (lower case, no hyphens). A fast hash is enough for some 79 random bits, as for reset links.
 */
export const hashRecoveryCode = (userId: number, code: string): string =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');
