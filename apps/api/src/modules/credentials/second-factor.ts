import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import type { RecoveryCodeRepository } from './recovery-code.repository';
import { matchingStep } from './totp';
import type { TwoFactorRepository } from './two-factor.repository';

/** What a user gives as the second factor: a code of the authenticator app, or a recovery code. */
export type SecondFactorProof = { code: string } | { recoveryCode: string };

/** The proof a request carries: the contract's schemas let exactly one of the two through. */
export const proofOf = (body: { code?: string; recovery_code?: string }): SecondFactorProof =>
  body.code !== undefined ? { code: body.code } : { recoveryCode: body.recovery_code! };

/**
 * Checks second factors and issues recovery codes (docs/decisions/025-two-factor-sign-in.md).
 * Each right proof is used up in a single statement, so that of parallel requests carrying the
 * same code, or the same recovery code, exactly one gets through.
 */
export class SecondFactor {
  constructor(private readonly repos: { twoFactor: TwoFactorRepository; recoveryCodes: RecoveryCodeRepository }) {}

  /** Whether the proof is right for a user with two-factor sign-in on; a right one cannot be used again. */
  async check(userId: number, proof: SecondFactorProof, now: Date): Promise<boolean> {
    if ('recoveryCode' in proof) {
      return this.repos.recoveryCodes.use(userId, hashRecoveryCode(userId, proof.recoveryCode), now);
    }
    const authenticator = await this.repos.twoFactor.find(userId);
    if (!authenticator?.enabledAt) return false;
    const step = await matchingStep(authenticator.secret, proof.code, now, authenticator.lastUsedStep);
    return step !== undefined && this.repos.twoFactor.claimStep(userId, step);
  }

  /**
   * Turns the user's pending secret on with its first code; false for a wrong code, or when
   * nothing was pending any more. The code's step is the first used, so it cannot sign in.
   */
  async enable(userId: number, code: string, now: Date): Promise<boolean> {
    const authenticator = await this.repos.twoFactor.find(userId);
    if (!authenticator || authenticator.enabledAt) return false;
    const step = await matchingStep(authenticator.secret, code, now, null);
    return step !== undefined && this.repos.twoFactor.enable(userId, step, now);
  }

  /** Ten new recovery codes, as shown to the user; the earlier ones stop working. Run it in a transaction. */
  async issueRecoveryCodes(userId: number, now: Date): Promise<string[]> {
    const { shown, hashes } = newRecoveryCodes(userId);
    await this.repos.recoveryCodes.replaceAll(userId, hashes, now);
    return shown;
  }
}
