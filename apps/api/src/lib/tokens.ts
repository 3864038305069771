import { createHash, randomBytes } from 'node:crypto';

/** A bearer token, reset-link or sign-up secret: 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as their SHA-256. A fast hash is right here (unlike for passwords):
 * the input is 256 random bits, so there is nothing to guess.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
