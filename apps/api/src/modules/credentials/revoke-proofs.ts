import type { OneTimeCodeRepository } from './one-time-code.repository';
import type { ResetTokenRepository } from './reset-token.repository';

/**
 * After a password or e-mail change, every reset link and e-mail code the user still had dies:
 * each was sent on the strength of the old password or to the old address
 * (docs/decisions/009-passwords-links-and-codes.md). Runs in the caller's transaction.
 */
export async function revokeOutstandingProofs(
  repos: { resetTokens: ResetTokenRepository; codes: OneTimeCodeRepository },
  userId: number,
  at: Date,
): Promise<void> {
  await repos.resetTokens.expireAllOfUser(userId, at);
  await repos.codes.consumeAllOfUser(userId, at);
}
